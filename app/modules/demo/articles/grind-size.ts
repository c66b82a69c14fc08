import type { DemoArticle } from "./types";

export const grindSize: DemoArticle = {
  slug: "coffee-grind-size-guide",
  title: "Coffee Grind Size Chart: Match the Grind to Your Brewer",
  keyword: "coffee grind size",
  metaDescription:
    "A simple coffee grind size chart for espresso, pour-over, French press and cold brew, with the signs that tell you to go finer or coarser.",
  topic: "Grinders and gear",
  state: "live",
  daysAgo: 13,
  publishedDaysAgo: 12,
  markdown: `
Coffee grind size is the one setting that changes your cup the most, and the one most people never touch. The same beans can taste sour, sweet or bitter depending only on how fine you grind them. Once you understand why, you can fix almost any brew in a couple of tries.

This guide gives you a chart to start from, explains what the grind actually does, and shows how to read the signs in your cup. It is written for home brewers, but it is the same thinking our baristas use every morning when they dial in the shop grinders.

## Why grind size changes the taste

Brewing is simply water pulling flavour out of ground coffee. The smaller the pieces, the more surface the water can reach, and the faster flavour comes out. Large pieces give up their flavour slowly. Small pieces give it up quickly.

Flavours do not all come out at the same speed. Bright acids dissolve first. Sugars and the rounder, sweeter notes follow. The dry, bitter compounds come last. A good cup stops in the sweet middle. Grind too coarse, and the water leaves before the sugars arrive, so the cup tastes sour and thin. Grind too fine, and the water stays long enough to pull out the bitterness, so the cup tastes harsh and dry.

Every brewer holds water against the coffee for a different time. That is why each method needs its own grind.

## Coffee grind size chart

Use this chart as your starting point, not as a rule. Every grinder labels its settings differently, so trust the description and your taste more than the number on the dial.

| Brew method | Grind | Looks like | Contact time |
| --- | --- | --- | --- |
| Turkish coffee | Extra fine | Flour or cocoa powder | 2 to 3 minutes, boiled |
| Espresso | Fine | Powdered sugar that clumps a little | 25 to 30 seconds |
| Moka pot | Fine to medium-fine | Table salt, slightly finer | 3 to 5 minutes |
| Pour-over (V60) | Medium-fine | Table salt | 2:30 to 3:30 minutes |
| Drip machine | Medium | Sand | 4 to 6 minutes |
| French press | Medium-coarse | Rough sea salt | 4 minutes |
| Cold brew | Coarse | Breadcrumbs | 12 to 18 hours |

## Why a burr grinder matters

The chart only works if your grounds are even. A blade grinder chops the beans like a food processor. You get powder and large chunks in the same batch. The powder over-extracts and the chunks under-extract, so the cup tastes sour and bitter at the same time. No setting can fix that.

A burr grinder crushes the beans between two rings or plates set at a fixed gap. Most of the grounds come out close to the same size. This is why a modest burr grinder usually improves coffee more than a fancy brewer. If you are choosing one, the [burr mill](https://en.wikipedia.org/wiki/Burr_mill) design is the thing to look for, in either flat or conical form.

### Flat or conical burrs?

Both make great coffee at home. Conical burrs are common in hand grinders and quieter electric ones. They are forgiving and leave a little more body in the cup. Flat burrs tend to make very even grounds and a cleaner, more transparent cup. They are often found in larger and pricier grinders. For most kitchens, build quality and easy adjustment matter more than the burr shape.

### Hand grinder or electric?

A good hand grinder makes better coffee than a cheap electric one at the same price. It takes about a minute to grind one cup, which many people find calming. If you brew for a family every morning, an electric grinder saves a lot of effort. We stock both in our [brewing gear collection](https://northwind-coffee.example/shop/brewing-gear), and we are always happy to help you choose.

## How to dial in your grind

Start with the chart, brew, and taste. Then use the clues below to decide which way to move. Change only the grind while you learn, and keep the coffee dose, water and recipe the same.

1. **Sour, sharp or salty:** grind finer.
2. **Bitter, dry or harsh:** grind coarser.
3. **Both sour and bitter:** your grounds are uneven. Clean the grinder or check the burrs.
4. **Weak and watery:** use more coffee before you change the grind.
5. **Tastes good but slow to brew:** grind a touch coarser to save time without losing flavour.

Move in small steps. One or two clicks is usually enough. It is easy to overshoot and lose the sweet spot you were close to.

## Coffee grind size for different beans

The chart assumes a medium roast. Other beans need small changes. Light roasts are dense and hard, so they often need a slightly finer grind to taste sweet. Dark roasts are brittle and give up their flavour easily, so a slightly coarser grind keeps them from turning bitter.

Fresh beans full of gas can also brew unevenly. If your coffee was roasted only a few days ago, a longer bloom helps more than a grind change. Our [pour-over guide](/b/northwind-coffee/how-to-brew-pour-over-coffee) shows how to bloom properly. For a long, cold steep, the rules change again, and our [cold brew recipe](/b/northwind-coffee/cold-brew-coffee-at-home) explains the coarse grind it needs.

## A simple side-by-side test

The best way to learn what grind does is to taste it. Brew the same coffee three times in a row with the same recipe. Make one cup two clicks finer than usual, one at your normal setting, and one two clicks coarser. Let all three cool a little and taste them one after another.

The finer cup will taste heavier and may turn bitter at the end. The coarser cup will taste lighter and brighter, perhaps a little sour. Your normal cup should sit somewhere between them. Once you have tasted the difference side by side, you will recognise it in every cup you make after that. It takes fifteen minutes and teaches more than any chart.

## Keeping your grinder in good shape

Oils and fine dust build up inside every grinder. Over weeks they go stale and add a papery, rancid note to fresh coffee. Brush out the burrs once a week if you grind daily. Every month or two, run a grinder cleaning tablet or a handful of plain rice made for the purpose, if your maker allows it. Never wash the burrs with water unless the manual says so, because they can rust.

Burrs also wear out, slowly. Steel burrs in a home grinder last for years, often for hundreds of kilos of coffee. If your grounds suddenly look uneven and nothing else has changed, worn or loose burrs may be the reason.

## Frequently asked questions

### What is the best coffee grind size for a drip machine?

A medium grind, like sand, works for most machines. If your coffee tastes bitter, go a little coarser. If it tastes thin, go a little finer.

### Can I grind coffee the night before?

You can, but you will lose much of the aroma. Ground coffee goes stale in minutes, not days. If you must grind ahead, store it in a sealed, opaque jar.

### Does finer coffee mean stronger coffee?

Not exactly. A finer grind extracts more, which changes the taste. Strength is mostly about how much coffee you use for the amount of water.

### How do I know my grinder needs new burrs?

The grind looks uneven, you see more dust than before, and your usual setting tastes different. Check the maker's advice on burr life for your model.

## Small clicks, big changes

You do not need a new machine to make better coffee. Start from the chart, taste with attention and move the grind one small step at a time. Within a week, you will know exactly where your grinder should sit for each brewer you own.
`,
};
