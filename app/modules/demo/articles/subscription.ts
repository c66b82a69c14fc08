import type { DemoArticle } from "./types";

export const subscription: DemoArticle = {
  slug: "is-a-coffee-subscription-worth-it",
  title: "Is a Coffee Subscription Worth It? An Honest Look",
  keyword: "coffee subscription",
  metaDescription:
    "Is a coffee subscription worth the money? What you get, what it costs per cup, and how to choose a plan that suits the way you brew.",
  topic: "Buying coffee",
  state: "scheduled",
  daysAgo: 1,
  scheduleInDays: 5,
  markdown: `
A coffee subscription sounds like a simple idea. Fresh beans arrive at your door every few weeks, and you never run out. But is it really better than picking up a bag at the shop when you need one? The honest answer is that it depends on how you drink coffee, and on which subscription you choose.

We run a subscription ourselves, so we have a stake in this question. We will try to be fair anyway. This guide sets out what a good plan gives you, what it costs per cup, where subscriptions fall short, and how to pick one that fits your week.

## What a coffee subscription actually gives you

### Freshness you can count on

Coffee is a fresh product. Most beans taste their best from about one to five weeks after roasting. A supermarket bag may have been roasted months ago, and many do not even show a roast date. A good roaster ships beans within a few days of roasting, so they arrive at their peak and stay there for most of the bag.

### No more running out

This is the reason most people sign up. If you brew every morning, running out means a bad cup, or a rushed trip to the shop. A regular delivery timed to how much you drink removes that worry for good.

### Discovery

Many plans send a different coffee each time. It is an easy way to taste coffees from new regions and new farms without having to choose them yourself. Some of our customers say it is like a book club for their morning cup.

### Better prices

Most roasters offer a small discount to subscribers, often ten to fifteen percent, and free delivery. Over a year that adds up to several free bags.

## What it costs per cup

Price per bag is easy to see, but price per cup is what matters. Here is a simple comparison using typical prices and an 18 g dose per cup.

| Option | Price | Cups per 250 g | Cost per cup |
| --- | --- | --- | --- |
| Supermarket beans | 6 to 8 per bag | about 14 | 0.45 to 0.60 |
| Specialty beans from a shop | 12 to 15 per bag | about 14 | 0.85 to 1.05 |
| Specialty coffee subscription | 10 to 13 per bag | about 14 | 0.70 to 0.95 |
| Coffee from a cafe | 3.50 to 4.50 per cup | one | 3.50 to 4.50 |

Even the best beans at home cost a fraction of a cafe drink. If a subscription replaces two cafe visits a week, it pays for itself many times over.

## Where subscriptions fall short

It is not all good news. Here are the common complaints we hear, and how to avoid them:

- **Too much coffee.** A plan that ships too often leaves you with stale bags piling up. Pick a rhythm that matches what you really drink, not what you hope to drink.
- **Coffee you do not like.** Surprise plans can send beans that do not suit your taste or brewer. Look for plans that let you choose a style, like bright and fruity or rich and chocolatey.
- **Hard to pause.** Some services make it difficult to skip or pause. Before you sign up, check that you can do both online in a few clicks.
- **Wrong grind.** Pre-ground coffee loses aroma fast. Choose whole beans if you own a grinder. If you do not, ask for a grind that matches your brewer.

## How to choose a coffee subscription

### Work out how much you drink

One cup a day uses roughly 500 g a month. Two cups a day use about a kilo. Start with that number and choose a delivery size and rhythm to match. You can always adjust it after a month or two.

### Think about your brewer

Espresso, filter and French press each favour different beans. A good roaster will ask how you brew and pick coffees that suit it. Our [coffee grind size guide](/b/northwind-coffee/coffee-grind-size-guide) explains why the method matters so much.

### Check the roast date policy

Ask when the beans are roasted and when they ship. The best answer is that they roast to order and ship within two or three days.

### Look at the source

Good roasters tell you where each coffee comes from, who grew it and how it was processed. That openness usually goes hand in hand with fair prices paid at origin. Our importer partner publishes its [sourcing notes](https://kaffa-trading.example/sourcing-notes) for every lot we buy.

## Single origin or blend?

Most plans offer a choice between single origins and blends. A single origin comes from one country, region or even one farm. It tastes distinct and often surprising, with notes of fruit, flowers or spice. It is the best choice if you like variety and enjoy reading about where your coffee comes from.

A blend mixes coffees from two or more places to reach a steady, balanced taste. It changes less from bag to bag, which makes it easier to dial in, especially for espresso. If you want the same great cup every morning with no fuss, a blend plan is the safer bet.

Some people take both. They keep a blend for busy weekdays and add a single origin for slower weekend brews. Many roasters, ours included, let you mix the two in one delivery.

## A note on packaging

Look at how the beans are packed. A good bag has a one-way valve, which lets gas out without letting air in. It should seal again after opening. Many roasters now use bags that can be recycled or composted, and some send refills in reusable tins. Small details like these are a good sign that a roaster cares about the whole experience, not just the first sale.

## Who should skip it

A subscription is not for everyone. If you drink coffee only now and then, beans will go stale before you finish a bag. If you love trying a new roaster every month, buying single bags gives you more freedom. And if you only drink coffee with lots of milk and sugar, the extra freshness may not be worth the extra cost to you.

## Getting the most from each delivery

Open one bag at a time and keep the rest sealed. Store beans in an airtight container away from light and heat. Brew within about a month of the roast date. If a new coffee tastes odd, give it two or three brews before you judge it. Fresh beans often need a small change in grind.

Try each new coffee in a simple, clean method first. A [pour-over](/b/northwind-coffee/how-to-brew-pour-over-coffee) shows the character of a bean better than any other brewer. Then move to your everyday method and compare.

## Frequently asked questions

### How often should my coffee subscription deliver?

Most people drinking one or two cups a day do well with 250 g to 500 g every two weeks. Adjust after your first month.

### Can I pause or skip a delivery?

With most good plans, yes. Check before you sign up. You should be able to skip, pause or cancel online at any time.

### Whole beans or ground?

Whole beans stay fresh much longer. If you do not have a grinder yet, ask for a grind to match your brewer, and plan to use each bag within two weeks.

### Is a subscription a good gift?

Yes, and it keeps giving. A three-month plan lets someone try several coffees without having to choose. Ask the roaster for a gift option with a message.

## The verdict

For anyone who brews at home most days, a coffee subscription is worth it. You get fresher beans, fewer empty mornings and a lower price per bag. Choose a plan that lets you pick a style, set the rhythm and pause easily. If that sounds right, our own [coffee subscription plans](https://northwind-coffee.example/shop/subscriptions) start with a single bag every four weeks.
`,
};
