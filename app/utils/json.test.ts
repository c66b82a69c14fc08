import { describe, expect, test } from "vitest";
import { nonBlank, parseStringList } from "./json";

describe("parseStringList", () => {
  test("keeps the strings of a stored list, filtered by the predicate", () => {
    expect(parseStringList('["a", " ", 3, null, "b"]')).toEqual(["a", " ", "b"]);
    expect(parseStringList('["a", " ", "b"]', nonBlank)).toEqual(["a", "b"]);
    expect(parseStringList('["09:00", "9am"]', (t) => /^\d{2}:\d{2}$/.test(t))).toEqual(["09:00"]);
  });

  test("reads missing, damaged or non-list text as no strings", () => {
    expect(parseStringList(undefined)).toEqual([]);
    expect(parseStringList(null)).toEqual([]);
    expect(parseStringList("")).toEqual([]);
    expect(parseStringList("{not json")).toEqual([]);
    expect(parseStringList('{"a": 1}')).toEqual([]);
  });
});
