import { defineCheck } from "../check";
import { plural } from "../words";

export const imageAlt = defineCheck({
  id: "image-alt",
  label: "Images with alt text",
  weight: 5,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ parsed: { images } }) => {
    const missingAlt = images.filter((img) => !img.alt).length;
    return {
      passed: images.length > 0 && missingAlt === 0,
      detail:
        images.length === 0
          ? "Add at least one image with descriptive alt text."
          : missingAlt > 0
            ? `${plural(missingAlt, "image")} of ${images.length} without alt text: describe each image for screen readers and image search.`
            : `All ${plural(images.length, "image")} have alt text.`,
    };
  },
});
