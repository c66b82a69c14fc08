import type { DemoArticle } from "./types";

export const espresso: DemoArticle = {
  slug: "espresso-at-home-for-beginners",
  title: "Espresso at Home: A Beginner's Setup That Works",
  keyword: "espresso at home",
  metaDescription:
    "Start making espresso at home without wasting money: the machine, grinder and recipe that matter, and how to pull a sweet first shot.",
  topic: "Espresso",
  state: "review",
  daysAgo: 4,
  markdown: `
Making espresso at home is the most rewarding and the most frustrating thing you can do with coffee. A great shot is thick, sweet and full of flavour. A bad one is sour, thin or painfully bitter, and the line between them is a few seconds and a few grams. The good news is that the line is easy to find once you know where to look.

This guide covers what you really need, what you can skip, and a simple recipe for your first week. It is based on the questions we hear most from customers who have just unboxed a new machine and are staring at their first sink shot.

## What makes espresso different

Espresso forces hot water through a tight puck of finely ground coffee at high pressure, usually around nine bar. The whole brew takes about half a minute. Because it is so fast and so concentrated, every small change shows up. A gram of coffee, a click on the grinder or a second on the timer can change the taste completely.

That is why espresso needs more care than a filter brew. It is also why it can taste so intense and syrupy when it goes right.

## The gear that matters for espresso at home

You can spend a little or a fortune. Spend it in the right place and even a modest setup makes lovely coffee.

### The grinder comes first

This surprises most people, but it is true. A great machine with a poor grinder makes poor espresso. The grinder must grind fine enough and adjust in very small steps. Many grinders sold as all-purpose cannot go fine enough, or they jump too far between settings. Look for a grinder sold for espresso, with stepless or micro-step adjustment. Our [coffee grind size guide](/b/northwind-coffee/coffee-grind-size-guide) explains why fine and even grounds matter so much.

### The machine

A good first machine heats water to a steady temperature and holds it there. It should have a proper 58 mm or 54 mm portafilter and a steam wand if you drink milk. Single-boiler machines are fine for one or two drinks at a time. Dual-boiler and heat-exchanger machines let you steam milk and pull shots together, which helps if you make coffee for a family.

### The small things

- **A scale** that reads to 0.1 g and fits under the portafilter.
- **A tamper** that fits your basket snugly.
- **A distribution tool** or a simple needle to break up clumps.
- **A knock box** for used pucks.
- **Fresh beans,** ideally rested seven to ten days after roasting.

You do not need a fancy milk jug, special cups or a dozen accessories to start. Add them later if you find you want them.

## Your first espresso recipe

Use this as a starting point for a medium roast. Weigh everything for the first few weeks. It is the fastest way to learn.

| Setting | Starting value | Why |
| --- | --- | --- |
| Dose | 18 g ground coffee | Fits most double baskets |
| Yield | 36 g espresso in the cup | A 1 to 2 ratio, the classic balance |
| Time | 25 to 32 seconds | From pressing the button to stopping |
| Water temperature | 92 to 94 °C | Hotter for light roasts, cooler for dark |
| Grind | Fine, like powdered sugar | Adjust this first when dialling in |

### Step by step

1. Grind 18 g into the portafilter and break up any clumps.
2. Tap the portafilter gently so the bed is level, then tamp firmly and evenly. The exact force matters less than keeping it the same every time.
3. Lock it in and start the shot at once. Put your cup on the scale and start the timer.
4. Stop the shot when the scale reads 36 g.
5. Check the time. Then taste before you change anything.

## How to read your shot

Taste tells you more than the colour of the crema. Use these clues, and change only the grind at first.

- **Fast shot, sour and thin:** grind finer.
- **Slow shot, bitter and dry:** grind coarser.
- **Right time, but still sour:** let the shot run longer, to about 40 g.
- **Right time, but harsh:** stop earlier, at about 32 g, or lower the temperature.
- **Spraying or spurting from the basket:** your puck has channels. Distribute the grounds more evenly before tamping.

Expect to pour a few shots down the sink with each new bag. Every coffee behaves a little differently. Professional baristas do the same thing every morning.

## Steaming milk for a flat white or latte

Milk drinks forgive a less than perfect shot, which is good news for beginners. Start with cold milk in a cold jug, filled to just below the spout. Put the tip of the steam wand just under the surface and open the valve fully. You should hear a soft hiss as air goes in. After a few seconds, raise the jug slightly so the tip sinks deeper and the milk spins. Stop when the jug is too hot to hold comfortably, around 60 to 65 °C.

Tap the jug on the counter to pop large bubbles and swirl it until the milk looks like wet paint. Then pour it into your espresso straight away. A flat white uses less milk and less foam. A latte uses more of both.

## Choosing beans for espresso at home

Medium roasts are the easiest to work with. They taste sweet, with chocolate, caramel and nut notes that suit both straight shots and milk drinks. Light roasts can taste amazing as espresso, but they need finer grinding, hotter water and more patience. Dark roasts are easy to pull but turn bitter quickly, so try a shorter ratio like 1 to 1.5.

Our house [espresso blend](https://northwind-coffee.example/shop/espresso-blend) was built for home machines. It stays sweet across a wide range of grind settings, which makes learning far less painful.

## Cleaning and care

Espresso machines need a little care to keep making good coffee. Wipe the steam wand and purge it after every use, or milk will bake onto it. Flush the group head with water after your last shot. Once a week, backflush with a blind basket and a little cleaner if your machine allows it. Descale according to your water hardness, or use filtered water to avoid scale in the first place.

Coffee oils go rancid and make shots taste stale and bitter. A clean machine is often the quick fix for a shot that suddenly tastes wrong.

## Frequently asked questions

### Do I need an expensive machine?

No. A well-built entry machine and a good espresso grinder make excellent coffee. Spend more on the grinder if your budget is tight.

### Why does my espresso taste sour?

It is usually under-extracted. Grind finer, or let the shot run a little longer. Very fresh beans can also taste sour, so give them a week to rest.

### How long do beans stay good for espresso?

Most beans taste best from about one to five weeks after roasting. After that they lose sweetness and the crema gets thin.

### Can I make espresso without a machine?

Not true espresso, which needs high pressure. A moka pot makes a strong, rich coffee that is close in spirit, and it costs far less. For something gentler, a [pour-over](/b/northwind-coffee/how-to-brew-pour-over-coffee) brews a lighter and very different cup.

## Enjoy the learning curve

The first week of espresso at home is full of sink shots and small wins. Keep notes, change one thing at a time and trust your taste. Within a few bags you will pull shots that rival your favourite cafe, and you will know exactly why they taste so good. For a wider look at the drink and its history, the [espresso article on Wikipedia](https://en.wikipedia.org/wiki/Espresso) is a good read.
`,
};
