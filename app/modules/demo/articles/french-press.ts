import type { DemoArticle } from "./types";

export const frenchPress: DemoArticle = {
  slug: "french-press-coffee-guide",
  title: "French Press Coffee: Method, Ratio and Common Mistakes",
  keyword: "french press coffee",
  metaDescription:
    "Brew rich, clean french press coffee: the right ratio and grind, a four-minute method without the sludge, and fixes for bitter cups.",
  topic: "Brewing methods",
  state: "scheduled",
  daysAgo: 2,
  scheduleInDays: 2,
  markdown: `
French press coffee is the brew most of us grew up with, and also the one most often made badly. Done well, it is rich and round, with a heavy body and a lot of sweetness. Done badly, it is muddy, bitter and full of grit at the bottom of the cup. The difference comes down to a few simple habits.

This guide walks through a reliable method, the ratio we use in the shop, and the mistakes that cause most of the sludge. It also covers a gentler technique that makes a surprisingly clean cup without any extra gear.

## How a French press works

A French press is an immersion brewer. The coffee and water sit together for the whole brew, and a metal mesh filter separates them at the end. Nothing drips or flows. That makes the brew very forgiving. Small changes in how you pour do not matter the way they do with a dripper.

The metal filter lets natural oils and very fine particles through. That is where the heavy body comes from. It is also why the last sip can taste silty if you are not careful. Paper filters hold those oils back, so a French press will always taste richer than a pour-over of the same beans. You can read more about the [history of the French press](https://en.wikipedia.org/wiki/French_press), which was patented in several forms long before it became a kitchen classic.

## What you need

- A French press of any size, clean and dry.
- A burr grinder set to medium-coarse.
- A kettle.
- A scale and a timer.
- A spoon, ideally wooden or plastic so it cannot crack the glass.

## The ratio and recipe

We use a ratio of 1 to 15 for a full, sweet cup. Use 1 to 17 if you prefer it lighter.

| Press size | Coffee | Water | Makes |
| --- | --- | --- | --- |
| Small (350 ml) | 20 g | 300 g | One large mug |
| Medium (600 ml) | 33 g | 500 g | Two mugs |
| Large (1 litre) | 60 g | 900 g | Four mugs |

### The four-minute method

1. Heat water to just off the boil, about 94 °C.
2. Grind your coffee medium-coarse, like rough sea salt. Our [coffee grind size chart](/b/northwind-coffee/coffee-grind-size-guide) shows how this compares with other methods.
3. Put the grounds in the press, start a timer and pour all the water in, wetting every ground.
4. Place the lid on top with the plunger pulled up. This keeps the heat in.
5. At four minutes, stir the crust gently so the grounds sink.
6. Press the plunger down slowly and steadily. It should take about twenty seconds.
7. Pour all the coffee out straight away, into cups or a jug.

That last step is the one most people skip, and it matters a lot.

## The clean cup method

This variation takes a few minutes more, but it makes a much cleaner cup. Many of our baristas brew this way at home.

1. Follow the first three steps of the method above.
2. Leave it for four minutes without the lid.
3. Stir the crust on top and skim off the foam and floating bits with two spoons.
4. Wait another five minutes. The fine particles settle to the bottom.
5. Put the lid on and press the plunger only until it touches the surface of the coffee. Do not press it down into the grounds.
6. Pour very slowly, and stop before the last few millimetres.

The long rest does not make the coffee bitter, because almost all the extraction happens in the first few minutes. What you gain is clarity. The cup tastes sweet and clean, almost like a pour-over, but with more body.

## Common mistakes with french press coffee

### Grinding too fine

Fine grounds slip through the mesh and keep brewing in your cup. The coffee turns bitter and muddy. If you see a thick layer of sludge in the bottom of your mug, go coarser.

### Leaving the coffee in the press

Even after you press the plunger, the grounds still touch the coffee. It keeps extracting and gets more bitter every minute. Decant it all into a jug or your cups as soon as it is ready.

### Pressing too hard

Forcing the plunger down pushes fines through the mesh and stirs up the bed. Press gently. If it feels very hard, your grind is too fine.

### A dirty filter

Old oils trapped in the mesh turn rancid and add a stale taste. Take the plunger apart every few days and wash each part in warm, soapy water.

### Cheap, stale beans

Because it keeps the oils, a French press shows off the state of your beans. Stale coffee tastes flat and papery. Buy smaller bags more often, and store them well.

## Adjusting the taste

Once the basic method works, small changes let you shape the cup to your liking. If the coffee tastes too heavy, use a little less coffee or try the clean cup method. If it tastes thin or a little sour, use more coffee or steep for an extra minute. If it tastes harsh, check the grind before anything else.

Water temperature matters less here than with a dripper, because the long contact time evens things out. Still, very dark roasts taste smoother with water a few degrees cooler. Very light roasts need water right off the boil to taste sweet. Change one thing at a time, and write down what you did. After a handful of brews you will have a recipe that is truly your own.

## The best beans for the press

This method loves chocolate, nut and dried fruit flavours. Medium to medium-dark roasts from Brazil, Sumatra or Colombia taste rich and comforting in a press. Natural processed coffees from Ethiopia can be wonderful too, with a thick, berry-like sweetness. Very light, delicate coffees often taste better in a paper filter, where their bright notes stay clear.

If you want to compare, brew the same coffee as french press coffee one morning and as a [pour-over](/b/northwind-coffee/how-to-brew-pour-over-coffee) the next. It is a simple way to learn what each method brings out. In the summer, the press also makes a good vessel for [cold brew at home](/b/northwind-coffee/cold-brew-coffee-at-home).

## Caring for your press

Glass presses crack when they meet cold water or a metal spoon, so treat them gently. Steel and ceramic presses keep heat better and survive a knock, which makes them a good choice for camping or a busy kitchen. Whatever the material, rinse the grounds out with water, not down the sink drain, where they build up. The [brewing gear section of our shop](https://northwind-coffee.example/shop/brewing-gear) carries spare filters and glass for the common sizes.

## Frequently asked questions

### How long should french press coffee steep?

Four minutes is the classic time. With the clean cup method, steep four minutes, then let it settle for five more before pouring.

### Why is my French press coffee bitter?

It is usually ground too fine, steeped too long, or left sitting on the grounds after pressing. Fix those three and the bitterness fades.

### Can I use pre-ground coffee in a French press?

Yes, if it is ground coarse enough. Most supermarket coffee is ground for drip machines, which is too fine and leads to sludge.

### How much caffeine is in a cup?

It is similar to a drip coffee of the same strength. A longer steep does not add much caffeine once the first few minutes have passed.

## Your best press yet

Take the time to grind coarse, decant straight away and keep your filter clean. Those three habits fix most problems. Try the clean cup method this weekend, when there is time for a slower coffee, and taste how much sweetness was hiding in your usual beans.
`,
};
