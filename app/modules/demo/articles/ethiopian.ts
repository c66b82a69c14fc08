import type { DemoArticle } from "./types";

export const ethiopian: DemoArticle = {
  slug: "ethiopian-coffee-regions-and-flavour",
  title: "Ethiopian Coffee: Regions, Processing and Flavour",
  keyword: "ethiopian coffee",
  metaDescription:
    "A friendly guide to Ethiopian coffee: the main growing regions, washed and natural processing, the flavours to expect and how to brew them.",
  topic: "Bean origins",
  state: "failed",
  daysAgo: 7,
  markdown: `
Ethiopian coffee is where many people taste, for the first time, that coffee can be fruity and floral. A cup from Yirgacheffe can smell like jasmine and taste like lemon tea. A natural from Guji can taste like blueberries. If you have ever wondered why coffee people get so excited, an Ethiopian coffee is a good place to find out.

Ethiopia is also where the coffee plant comes from. Wild coffee still grows in its forests, and the country has more varieties of coffee than anywhere else on earth. This guide covers the main regions, how processing shapes the flavour, and how to brew these beans so they shine.

## Why Ethiopia is special

Most coffee in the world comes from a small number of plant varieties. Ethiopia is different. Thousands of local varieties, often called heirloom coffees, grow across the country. Many have never been fully catalogued. Farmers often grow several together on the same small plot.

Most Ethiopian coffee is grown by smallholders, families with a few hundred trees in their garden or a nearby forest. They sell their cherries to local washing stations, which process the coffee and prepare it for export. A single lot may hold coffee from hundreds of families. That is part of why these coffees taste so complex.

High altitude matters too. Many farms sit between 1,800 and 2,300 metres. Cool nights slow the ripening of the cherries, which gives the beans more time to build sugars and acids. The [coffee production in Ethiopia](https://en.wikipedia.org/wiki/Coffee_production_in_Ethiopia) article gives a wider view of how the industry works.

## The main growing regions

Each region has its own style, although there is a lot of overlap, and the weather changes things from year to year.

| Region | Typical flavours | Common processing |
| --- | --- | --- |
| Yirgacheffe | Jasmine, lemon, bergamot, black tea | Mostly washed |
| Sidama | Stone fruit, citrus, brown sugar | Washed and natural |
| Guji | Blueberry, peach, tropical fruit | Natural and washed |
| Harrar | Blueberry, wine, spice, dark chocolate | Natural |
| Limu | Lime, floral, gentle sweetness | Washed |
| Jimma | Earthy, nutty, mild fruit | Natural |

### Yirgacheffe

Yirgacheffe is a small area inside the larger Gedeo zone, and its name has become famous around the world. Washed coffees from here are light and tea-like, with bright citrus and clear floral notes. They are a classic choice for a clean filter brew.

### Sidama and Guji

Sidama is a large, lush region with a great range of coffees. Guji, just to the south, has become a favourite of roasters over the last decade. Natural coffees from Guji are often bursting with berry and tropical fruit.

### Harrar

Harrar lies in the dry east of the country. Coffee here is almost always dried in the cherry, and the beans are known for wild, winey fruit and a heavy body. Harrar coffees can be bold and rustic, and people tend to love them or not.

## How processing changes the flavour

After picking, the coffee seed must be removed from the fruit and dried. How that happens has a huge effect on the taste. Ethiopia uses two main methods.

### Washed coffee

The fruit is removed soon after picking. The seeds ferment briefly in water tanks to loosen the sticky layer left on them, then they are washed and dried on raised beds. Washed Ethiopian coffee tastes clean, bright and delicate. Flowers, citrus and tea are common notes.

### Natural coffee

The whole cherry is dried in the sun, with the seed still inside, for two to four weeks. The fruit sugars seep into the bean as it dries. Natural Ethiopian coffee tastes sweet, ripe and fruity, often like berries or jam, with a heavier body. Careful drying is vital. Cherries must be turned often and sorted by hand, or the coffee can taste fermented and rough.

Neither method is better. Try one of each side by side and you will taste the difference straight away.

## How to brew Ethiopian coffee

These coffees reward gentle, clean brewing that lets their bright notes come through.

- **Pour-over** is our first choice. A paper filter keeps the cup clear and shows off the floral and citrus notes. Our [pour-over guide](/b/northwind-coffee/how-to-brew-pour-over-coffee) works perfectly with a washed Yirgacheffe.
- **Aeropress** makes a sweet, full cup and is forgiving while you learn a new bean.
- **French press** suits naturals, which have enough body and sweetness to stand up to the heavy brew.
- **Espresso** can be stunning but tricky. Expect a bright, fruity shot that tastes best on its own, without milk.

Most of these coffees are roasted light, so they are dense and hard. Grind a touch finer than you would for a medium roast, and use water just off the boil. Our [coffee grind size chart](/b/northwind-coffee/coffee-grind-size-guide) gives starting points for each method.

## Tasting notes without the jargon

Bag labels for these coffees can read like a fruit bowl. Lemon, bergamot, peach, blueberry, jasmine. The beans are not flavoured. The notes are simply the closest way to describe what the coffee tastes like. Think of them as a hint of what to look for, not a promise.

To taste them, let the cup cool a little. Hot coffee hides its detail. Take a small sip and breathe out through your nose. Ask yourself whether it tastes more like citrus or berries, more like tea or like juice. There are no wrong answers. Over time, your own words for each coffee will matter more than anything printed on a label.

## Buying Ethiopian coffee

Look for the region and the washing station on the bag, not just the word Ethiopia. A named station, and sometimes the name of the cooperative or farmer group, shows that the roaster knows exactly where the coffee came from. Check the processing method so you know what style to expect. And check the roast date, because these delicate coffees lose their floral notes first when they age.

The harvest runs from about October to January. New crop coffees reach roasters in Europe from late spring. That is when the most vibrant lots appear, so it is a good time to try something new. Our current lot, a washed coffee from the [Guji highlands farmers](https://guji-highlands-farmers.example/our-coffee), is in the [Ethiopia Guji listing](https://northwind-coffee.example/shop/ethiopia-guji) in our shop.

## A short note on the coffee ceremony

In Ethiopia, coffee is far more than a morning drink. The traditional coffee ceremony brings family and neighbours together. Green beans are washed and roasted in a pan over charcoal. The smoke is wafted around the room so guests can enjoy the aroma. The beans are ground by hand and brewed in a clay pot called a jebena. Three rounds are poured, each weaker than the last, and the whole ritual can take an hour or more.

It is a lovely reminder that coffee is about people and time, not just flavour.

## Frequently asked questions

### Why does Ethiopian coffee taste fruity?

The local varieties, high altitude and careful processing all play a part. Natural processing adds even more fruit, because the beans dry inside the cherry.

### Is Ethiopian coffee strong?

In caffeine, it is similar to other arabica coffees. In taste, it is usually bright and light rather than heavy and bitter.

### What is the best roast for Ethiopian beans?

Light to medium roasts keep the floral and fruity notes. A dark roast hides most of what makes these coffees special.

### Does Ethiopian coffee work with milk?

Naturals with berry notes can taste lovely with a little milk. Delicate washed coffees are best enjoyed black.

## Taste where coffee began

Ethiopian coffee shows how much variety a single plant can hold. Start with a washed Yirgacheffe and a natural Guji, brew them as pour-over and taste them side by side. It is one of the best coffee lessons you can give yourself, and one of the most delicious.
`,
};
