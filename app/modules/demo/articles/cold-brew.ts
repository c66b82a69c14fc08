import type { DemoArticle } from "./types";

export const coldBrew: DemoArticle = {
  slug: "cold-brew-coffee-at-home",
  title: "Cold Brew Coffee at Home: Ratio, Grind and Steep Time",
  keyword: "cold brew coffee",
  metaDescription:
    "Make smooth cold brew coffee at home with a jar and a sieve: the best ratio, grind and steep time, plus how to store and serve it.",
  topic: "Brewing methods",
  state: "live",
  daysAgo: 40,
  publishedDaysAgo: 38,
  markdown: `
Cold brew coffee is the easiest great coffee you will ever make. You stir ground coffee into cold water, wait overnight and strain it. No kettle, no timer and no special skill. The result is smooth, sweet and low in bitterness, with a rich body that stands up to milk and ice.

Every summer our customers ask the same questions at the counter. How much coffee? Which grind? How long should it sit? This guide answers all of them, and it only needs a large jar, a sieve and a paper filter.

## Why cold brew coffee tastes so different

Hot water pulls flavour out of coffee fast. It also pulls out the sharp acids and some of the bitter compounds that give a hot cup its bite. Cold water works slowly and gently. Over twelve to eighteen hours it dissolves the sugars and the chocolate and nutty notes, but it leaves much of the sharpness behind.

That is why cold brew feels so mellow. It is not simply iced coffee. Iced coffee is hot coffee poured over ice, so it keeps the bright, crisp taste of a hot brew. Cold brew is a different drink, with a rounder and heavier body. Neither is better. They simply suit different moods and different beans.

## The basic recipe

This recipe makes a concentrate. You dilute it when you serve it, which makes one batch last most of a week.

| Ingredient or step | Amount | Notes |
| --- | --- | --- |
| Coffee | 100 g | Coarse grind, like rough breadcrumbs |
| Cold filtered water | 800 g | A ratio of 1 to 8 for a strong concentrate |
| Steep time | 14 to 16 hours | In the fridge or a cool room |
| Serving dilution | 1 part concentrate to 1 part water or milk | Adjust to taste |
| Storage | Up to 7 days | Sealed, in the fridge |

### Step 1: grind coarse

Grind the coffee coarser than you would for a French press. Fine grounds over-extract in a long steep and turn muddy. They also clog the filter and make straining slow. Our [grind size chart](/b/northwind-coffee/coffee-grind-size-guide) shows what coarse should look like.

### Step 2: stir and cover

Put the grounds in a large jar and pour in the water. Stir well so every ground is wet. Dry clumps float on top and waste coffee. Cover the jar and put it in the fridge.

### Step 3: wait

Leave it for fourteen to sixteen hours. A shorter steep tastes thin. A much longer one starts to taste woody and flat. Overnight plus a morning is about right for most beans.

### Step 4: strain twice

Pour the mix through a fine sieve first to catch the bulk of the grounds. Then strain it again through a paper filter. The second pass removes the fine silt that would make the drink gritty. It takes a few minutes, so be patient and do not squeeze the filter.

## Choosing beans for cold brew coffee

Cold water rewards beans with chocolate, caramel and nutty flavours. Medium roasts from Brazil, Colombia or Guatemala are a safe and delicious start. Fruity natural coffees from Ethiopia can be wonderful too, tasting almost like a berry syrup. Very light, floral coffees are harder to get right. Their delicate notes can get lost in a long, cold steep.

You do not need to buy expensive beans. Cold brew forgives a lot. It is a lovely way to use the last of a bag that is a few weeks past its best for pour-over.

## Scaling the recipe up or down

The ratio is what matters, so the recipe scales easily. For a small jar, use 50 g of coffee and 400 g of water. For a party, use 250 g of coffee and 2 litres of water in a large food-safe tub. The steep time stays the same whatever the size of the batch.

Straining a big batch takes longer, so plan for it. Let the grounds settle for ten minutes first, then pour off the top slowly. Most of the liquid comes through the sieve quickly. Only the last part, full of fine grounds, needs the slow paper filter.

If you want a ready-to-drink brew instead of a concentrate, use a ratio of 1 to 15. Steep it the same way and pour it straight over ice. It takes more space in the fridge, but there is no mixing at all. Many of our cafe customers prefer it this way for work days. They pour a glass before they leave and never think about ratios again.

A clean jar matters more than you might expect. Coffee soaks up smells from plastic and old lids. Glass with a tight lid is best. Wash it with hot water and a little baking soda between batches, and rinse it well.

## How to serve it

The concentrate is strong, so always taste before you pour a full glass. Here are our favourite ways to serve it:

- **Classic.** Equal parts concentrate and cold water over plenty of ice.
- **With milk.** Equal parts concentrate and whole milk or oat milk. It tastes like a coffee milkshake without the sugar.
- **Sparkling.** One part concentrate to two parts tonic water, with a slice of orange. It is bright and bitter in the best way.
- **Hot.** Yes, really. Mix one part concentrate with one part boiling water for a quick, low-acid mug on a cold morning.
- **Frozen cubes.** Freeze some concentrate in an ice tray. The cubes cool your drink without watering it down.

## Common mistakes and how to avoid them

Most disappointing batches come from one of a few simple slips. The grind is too fine, which makes the drink bitter and cloudy. The steep is too short, which leaves it weak and a little sour. The batch is left at room temperature for days, which dulls the flavour fast. Or the jar has a strong smell from its last use, and the coffee soaks it up.

Fix these four and your cold brew coffee will taste clean and sweet every time. If a batch still tastes flat, try fresher beans before you change anything else.

## Is cold brew stronger than hot coffee?

It depends on how you serve it. The concentrate has much more caffeine per glass than a normal cup. Once you dilute it one to one, it is close to a strong mug of filter coffee. If you are watching your caffeine, dilute it a little more. The [history and chemistry of cold brew](https://en.wikipedia.org/wiki/Cold_brew_coffee) are well covered if you want to read further.

## Frequently asked questions

### How long does cold brew keep?

Up to a week in a sealed jar in the fridge. It tastes best in the first four days. After that it slowly loses its sweetness.

### Can I steep it at room temperature?

Yes. It extracts a little faster at room temperature, so twelve hours is often enough. Move it to the fridge as soon as you strain it.

### Why is my cold brew bitter?

The grind is probably too fine, or it steeped for too long. Try a coarser grind first, then shorten the steep by two hours.

### Can I make it with a French press?

Yes, and it makes straining easier. Steep the coffee in the press, push the plunger down slowly, then pour it through a paper filter.

## Start your first batch tonight

Weigh out 100 g of coarse coffee, stir it into 800 g of cold water and go to bed. Tomorrow you will have a week of smooth, sweet coffee waiting in the fridge. If you want to compare it with a hot brew, our [pour-over guide](/b/northwind-coffee/how-to-brew-pour-over-coffee) uses the same beans in a very different way. Our old [holiday blend page](https://northwind-coffee.example/shop/holiday-blend-2023) had a cold brew pack too, and the new one will be back in the winter.
`,
};
