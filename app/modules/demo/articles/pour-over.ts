import type { DemoArticle } from "./types";

export const pourOver: DemoArticle = {
  slug: "how-to-brew-pour-over-coffee",
  title: "How to Brew Pour-Over Coffee: A Step-by-Step Guide",
  keyword: "pour-over coffee",
  metaDescription:
    "Brew clean, sweet pour-over coffee at home: the gear, the ratio, the water and a simple four-pour recipe you can adjust by taste.",
  topic: "Brewing methods",
  state: "live",
  daysAgo: 68,
  publishedDaysAgo: 67,
  markdown: `
Pour-over coffee is the simplest way to taste what a bean really is. You pour hot water by hand over ground coffee in a paper filter, and gravity does the rest. There is no pump and no pressure, so every choice you make shows up in the cup. That sounds like a warning, but it is good news. It means a few small changes can turn a flat cup into a bright, sweet one.

This guide is the recipe we teach at our roastery counter every Saturday. It works with a V60, a Kalita Wave, a Chemex or any cone you already own. Read it once, brew it twice, and then start changing one thing at a time.

## What you need for pour-over coffee

You do not need much, but each piece matters. Here is the kit we use behind the bar:

- **A dripper.** A cone with one large hole (like the V60) flows fast and rewards a steady hand. A flat-bottom dripper with three small holes is more forgiving.
- **Paper filters.** Rinse them with hot water first. It removes the papery taste and warms the dripper.
- **A burr grinder.** Blade grinders make dust and boulders in the same batch. Our [grind size guide](/b/northwind-coffee/coffee-grind-size-guide) explains why even grounds matter so much.
- **A kettle with a thin spout.** It lets you pour slowly and exactly where you want.
- **A scale with a timer.** Scoops are guesses. Grams are a recipe.
- **Fresh beans.** Coffee roasted in the last two to five weeks is at its best for filter brewing.

If you are still building your kit, the [brewing gear we sell](https://northwind-coffee.example/shop/brewing-gear) is the same gear we use in the shop.

## The recipe at a glance

Start with these numbers. They make a cup that is balanced for most light and medium roasts.

| Step | Amount | Time | What it does |
| --- | --- | --- | --- |
| Bloom | 45 g water | 0:00 to 0:45 | Lets trapped gas escape so water can reach the coffee |
| First pour | up to 150 g | 0:45 to 1:15 | Starts the main extraction |
| Second pour | up to 250 g | 1:15 to 1:45 | Keeps the bed level and the flow steady |
| Final pour | up to 300 g | 1:45 to 2:15 | Finishes the brew |
| Drawdown | none | until about 3:00 | Water drains through the bed |

That is 18 g of coffee to 300 g of water, a ratio of about 1 to 16.7. It makes one large mug or two small cups.

## Step by step

### 1. Heat the water

Use water just off the boil, around 93 to 96 °C. Lighter roasts like it hotter. Darker roasts taste smoother a few degrees cooler. If you have no thermometer, let the kettle rest for thirty seconds after it boils.

### 2. Grind just before you brew

Grind 18 g of coffee to a medium-fine size, a little finer than sea salt. Ground coffee loses aroma within minutes, so grind last.

### 3. Rinse the filter

Fold the seam of the paper, set it in the dripper and wet it all over. Pour the rinse water out of your cup or server. Add the grounds and give the dripper a gentle shake so the bed is flat.

### 4. Bloom

Start the timer and pour about 45 g of water, just enough to wet every ground. You will see the bed rise and bubble. That is carbon dioxide leaving the beans. Wait 45 seconds. Fresh coffee blooms a lot, while stale coffee barely moves.

### 5. Pour in stages

Pour in slow circles from the centre out, then back in. Avoid the paper walls, because water that runs down the sides skips the coffee. Stop at 150 g, then at 250 g, then at 300 g, following the table above. Keep the water level about the same the whole time.

### 6. Let it drain

When the last water has gone through, the bed should be flat, not a steep cone with grounds stuck high on the walls. The whole brew should finish close to three minutes. Remove the dripper, swirl the coffee and let it cool for a minute. Flavour opens up as it cools.

## How to fix a cup you do not love

Taste is the only test that counts. Use these clues and change one thing at a time:

1. **Sour, thin or salty?** The coffee is under-extracted. Grind a little finer or use hotter water.
2. **Bitter, dry or hollow?** It is over-extracted. Grind a little coarser or pour a little faster.
3. **Brew takes longer than four minutes?** The grind is too fine, or the filter is clogged with fines.
4. **Brew finishes in under two minutes?** The grind is too coarse.
5. **Tastes weak but not sour?** Use more coffee. Try 20 g to the same 300 g of water.

Most people find their sweet spot within three or four brews. Write down what you changed. It feels fussy at first, but it is the fastest way to learn.

## Choosing beans for pour-over

Almost any coffee can be brewed this way, but some shine more than others. Washed coffees from East Africa and Central America are a classic match. They taste clean and bright, with notes of citrus, stone fruit or black tea. Natural coffees taste riper and jammier, which some people love in a filter cup and others find too wild.

Roast level matters too. Light and medium roasts keep the origin flavours that this method shows off so well. Very dark roasts can taste ashy when brewed this clearly, so try them in a French press instead. If you are unsure, buy two small bags of different coffees and brew them side by side. Tasting them together teaches you more than any tasting note on a label.

## Water matters more than you think

A cup of filter coffee is more than 98 percent water. Very hard water mutes acidity and leaves scale in your kettle. Very soft or distilled water makes coffee taste sharp and empty. A simple jug filter fixes most tap water. The [Specialty Coffee Association's brewing standards](https://sca.coffee/research/coffee-standards) list the ideal water ranges if you want the details.

## Pour-over coffee or another method?

Pour-over suits people who like clarity. You taste fruit, flowers and sweetness in a light, clean body. If you prefer a heavier, rounder cup, a French press may suit you better. If you want something cold and mellow for the summer, our guide to [cold brew at home](/b/northwind-coffee/cold-brew-coffee-at-home) is a good next read.

## Frequently asked questions

### How much coffee should I use for one cup?

Use 15 g of coffee for 250 g of water as a start. That is close to the same 1 to 16 ratio as our main recipe, just smaller.

### Do I really need a gooseneck kettle?

It helps, but it is not required. A normal kettle works if you pour slowly. Some people pour into a small jug first, then from the jug into the dripper.

### Why does my coffee taste different every day?

Small changes add up. Beans age, the room gets colder and grinders drift. Weighing coffee and water every time removes most of the guesswork.

### Can I use pre-ground coffee?

You can, and it will still make a decent cup. Ask for a filter grind, keep the bag sealed, and use it within a week. Freshly ground beans will always taste brighter.

## Your next brew

Brew the recipe exactly as written tomorrow morning. Then change one thing, taste again and keep notes. After a week you will know your beans, your grinder and your own taste far better. That is the real joy of pour-over coffee: it rewards attention with a better cup every time.
`,
};
