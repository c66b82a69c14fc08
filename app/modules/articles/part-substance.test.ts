import { describe, expect, it } from "vitest";
import { judgePart } from "./part-substance";

const topic = { keyword: "how to clean a burr grinder", title: "How to Clean a Burr Grinder", language: "en" };

const FILLER =
  "<p>In today's fast-paced world, a clean grinder is more important than ever. Whether you're a beginner or a seasoned enthusiast, keeping it clean is a game-changer. It is essential to be consistent with your cleaning routine. A clean burr grinder is a happy burr grinder.</p>";
const CONCRETE =
  "<p>Unplug the grinder and empty the hopper. Brush the lower burr with a 2 cm nylon brush for about 30 seconds. Run 15 g of grinder-cleaning tablets through it at a medium setting, then grind 20 g of old beans to flush out the residue. Steel burrs rust when wet, so wipe them with a dry cloth only.</p>";
const GERMAN =
  "<p>Ziehen Sie den Stecker und leeren Sie den Bohnenbehälter vollständig aus. Bürsten Sie das untere Mahlwerk mit einem kleinen Pinsel etwa 30 Sekunden lang ab, bis kein Kaffeemehl mehr daran haftet. Danach mahlen Sie 20 g alte Bohnen durch, damit die Reste aus dem Auswurf kommen und das Aroma der nächsten Bohnen nicht leidet.</p>";

describe("judgePart", () => {
  it("finds the filler part weak and the concrete one not", () => {
    expect(judgePart(FILLER, topic, []).weakness).toBeGreaterThan(0.3);
    expect(judgePart(CONCRETE, topic, []).weakness).toBeLessThan(0.3);
  });

  it("names the quoted sentences a part holds, whatever their quotes and spacing", () => {
    const judged = judgePart(CONCRETE + FILLER, topic, ["“A clean burr grinder is a  happy burr grinder.”", "Not in this part at all."]);
    expect(judged.quoted).toEqual(["“A clean burr grinder is a  happy burr grinder.”"]);
    expect(judged.weakness).toBeGreaterThan(judgePart(CONCRETE, topic, []).weakness + 0.9);
  });

  it("tells a part written in another language than the one asked for", () => {
    expect(judgePart(GERMAN, topic, []).wrongLanguage).toBe(true);
    expect(judgePart(GERMAN, { ...topic, language: "de-DE" }, []).wrongLanguage).toBe(false);
    expect(judgePart(CONCRETE, topic, []).wrongLanguage).toBe(false);
  });
});
