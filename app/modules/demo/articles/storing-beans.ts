import type { DemoArticle } from "./types";

export const storingBeans: DemoArticle = {
  slug: "how-to-store-coffee-beans",
  title: "How to Store Coffee Beans So They Stay Fresh",
  keyword: "store coffee beans",
  metaDescription:
    "How to store coffee beans at home: the four enemies of freshness, the best containers, whether to freeze them, and how long beans last.",
  topic: "Buying coffee",
  state: "draft",
  daysAgo: 1,
  markdown: `
Knowing how to store coffee beans is the cheapest way to make better coffee. You can buy the finest beans in the world, but if they sit in an open bag on a sunny shelf, they will taste flat within a week. A few simple habits keep them sweet and lively until the last scoop.

This guide explains what makes coffee go stale, which containers really help, whether the freezer is a good idea, and how long beans keep. None of it needs special gear, and most of it costs nothing at all.

## What makes coffee go stale

Roasted coffee is full of aroma. Hundreds of compounds give it notes of fruit, chocolate, caramel and spice. Those compounds are fragile. From the day of roasting, they slowly escape or break down. Four things speed that up.

| Enemy | What it does | How to stop it |
| --- | --- | --- |
| Air | Oxygen reacts with oils and aromas and turns them stale | Keep beans sealed with as little air as possible |
| Light | Sunlight breaks down aroma compounds | Use an opaque container, kept in a cupboard |
| Heat | Warmth speeds up every kind of staling | Store beans somewhere cool, away from the oven and kettle |
| Moisture | Damp beans lose flavour and can even grow mould | Keep them dry, and never store them above a steaming pot |

Grinding makes every one of these problems worse. Ground coffee has far more surface for air to reach, so it goes stale in hours rather than weeks. That is why we always say to grind just before you brew. Our [grind size guide](/b/northwind-coffee/coffee-grind-size-guide) explains how to set your grinder for each method.

## The best way to store coffee beans at home

### Keep the original bag, if it is a good one

Many specialty roasters pack beans in bags with a one-way valve and a zip seal. Those bags are designed for the job. Squeeze out the air, seal the zip and fold the top over. That alone is enough for most people who finish a bag within a month.

### Use an airtight, opaque container

If your bag does not reseal, move the beans into a container that does. Ceramic, steel or dark glass jars with a rubber seal all work well. Vacuum canisters, which let you push out the air, are even better. Clear glass jars look lovely on a counter, but light will fade the beans, so keep them in a cupboard.

### Choose the right spot

A kitchen cupboard away from the stove, the dishwasher and any window is ideal. Avoid the shelf above the kettle or the coffee machine. They get warm and steamy every day.

## Should you put coffee in the fridge?

No. The fridge is damp and full of smells. Coffee soaks up odours easily, so your beans may start to taste faintly of last night's dinner. Every time you take the jar out, water also condenses on the cold beans. The fridge does more harm than good.

## Can you freeze coffee beans?

Yes, and done right, it works very well. Freezing slows staling almost to a stop. It is a great way to keep a special coffee for a few months, or to save beans when you buy more than you can drink.

Follow these rules to do it well:

1. **Freeze beans, not grounds.** Whole beans keep far better.
2. **Portion them first.** Split the bag into small, airtight packs, each enough for a few days.
3. **Seal them well.** Push out the air. Vacuum bags are ideal.
4. **Thaw before opening.** Let a pack come to room temperature while still sealed, so no water forms on the beans.
5. **Never refreeze.** Once a pack is out, use it.

Frozen beans can keep most of their flavour for two to three months. Many roasters and cafes freeze rare lots for exactly this reason.

## How long coffee beans stay fresh

Coffee does not spoil like milk. Old beans are safe, just dull. Here is roughly what to expect from well-stored whole beans.

- **Days 1 to 5 after roasting:** still releasing gas. Fine for filter, a little wild for espresso.
- **Week 1 to week 4:** the best window for most brewing methods.
- **Week 5 to week 8:** still good, but with less sweetness and aroma.
- **After two months:** flat and papery. Fine for cold brew, where freshness matters less.

Ground coffee is a different story. It loses much of its aroma within an hour and tastes clearly stale within a week or two, even when sealed.

## Signs your beans are past their best

Your senses are the best test. Fresh beans smell rich and sweet the moment you open the bag. Stale beans smell faint, dusty or like cardboard. When you brew, fresh coffee blooms and bubbles as the water hits it. Stale coffee barely moves. In the cup, stale coffee tastes hollow, with little sweetness and a dry, papery finish.

If you brew pour-over, the bloom is an easy daily check. Our [pour-over guide](/b/northwind-coffee/how-to-brew-pour-over-coffee) shows what a healthy bloom should look like.

## Buying so you never need to store for long

The simplest storage trick is to buy less, more often. Buy a bag that you will finish in two to four weeks. If you drink a lot of coffee, a regular delivery is an easy way to keep fresh beans coming without a stockpile. Our [coffee subscriptions](https://northwind-coffee.example/shop/subscriptions) can ship as often as every week.

Always look for the roast date on the bag. A best-before date alone tells you very little, since it is often set a year or more after roasting. A roast date tells you exactly where the beans are in their life.

## Storing coffee at the office

Office coffee often suffers the most. A big bag sits open next to the machine for weeks, and everyone wonders why the coffee tastes sad. The fix is the same as at home. Keep a small, sealed jar by the machine with a few days of beans, and keep the rest sealed in a cupboard. Refill the jar twice a week.

If your office uses a lot of coffee, ask your roaster for smaller bags delivered more often instead of a large sack once a month. The price per kilo is often the same, and the coffee tastes far better by the end of the month.

## What about old beans?

If you do find a forgotten bag at the back of the cupboard, do not throw it away. Older beans still make good [cold brew](/b/northwind-coffee/cold-brew-coffee-at-home), where the long, gentle steep hides much of the staleness. They are also fine for baking, for coffee ice cream, or for a spice rub for meat. The science behind the [coffee bean](https://en.wikipedia.org/wiki/Coffee_bean) and its oils explains why roasted beans age the way they do.

## Frequently asked questions

### What is the best container to store coffee beans?

An airtight, opaque container kept in a cool cupboard. A vacuum canister is the best choice if you want to keep beans for more than a month.

### Is the bag coffee comes in good enough?

If it has a one-way valve and a zip seal, yes. Squeeze out the air each time you close it.

### Does freezing change the taste?

Not if you freeze beans in small, sealed portions and thaw them before opening. Repeated thawing and freezing is what harms the flavour.

### How much coffee should I buy at once?

Enough for two to four weeks. For one cup a day, that is about one 250 g bag every two weeks.

## Small habits, better coffee

Store coffee beans in a sealed, dark container in a cool cupboard, buy only what you will use within a month, and grind just before brewing. Those three habits cost nothing and make every cup taste better. Your beans, and your mornings, will thank you.
`,
};
