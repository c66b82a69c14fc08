import pluralize from "pluralize";
import { keywordShape, type KeywordShape } from "#app/modules/articles/keyword-shape";
import { agreement, cleanTopic, pick, random, seedOf, shuffle, titleCase, type Rng } from "#app/utils/wording";

/** What every template writer of the free tools starts from: the topic read by its shape, and a seeded choice (see templates.ts). */

const NUMBERS = [5, 7, 9, 10, 12, 15];

export function context(rawTopic: string, ...options: string[]) {
  const shape = keywordShape(rawTopic);
  const topic = shape.topic ?? cleanTopic(rawTopic);
  const rng = random(seedOf(cleanTopic(rawTopic), ...options));
  return { rng, t: topic, T: titleCase(topic), n: () => pick(NUMBERS, rng), agree: agreement(topic), shape };
}

/**
 * "The Beginner's Guide to Pottery for Beginners" → "The Beginner's Guide to
 * Pottery": when a template names the topic's audience itself, the topic
 * loses its "for …" tail.
 */
export function once(text: string, shape: KeywordShape) {
  if (!shape.audience || !shape.topic || !shape.core) return text;
  const stem = pluralize.singular(shape.audience.split(" ").at(-1)!.toLowerCase());
  const lower = text.toLowerCase();
  const at = lower.indexOf(shape.topic.toLowerCase());
  if (at < 0) return text;
  const outside = lower.slice(0, at) + lower.slice(at + shape.topic.length);
  if (!outside.includes(stem)) return text;
  const tail = text.slice(at + shape.core.length, at + shape.topic.length);
  return text.slice(0, at + shape.core.length) + text.slice(at + shape.core.length + tail.length);
}

export type Ctx = ReturnType<typeof context>;

/** n distinct items from a pool, in seeded order. */
export function choose<T>(pool: readonly T[], count: number, rng: Rng) {
  return shuffle(pool, rng).slice(0, count);
}
