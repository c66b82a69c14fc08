import { defineCheck } from "../check";

const META_MAX = 160;

export const metaLength = defineCheck({
  id: "meta-length",
  label: `Meta description at most ${META_MAX} characters`,
  weight: 8,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ meta }) => {
    const passed = meta.length > 0 && meta.length <= META_MAX;
    return {
      passed,
      detail: !meta
        ? "Add a meta description: a one- or two-sentence summary that invites the click."
        : passed
          ? `${meta.length} characters.`
          : `${meta.length} characters: search results cut it after about ${META_MAX}. Shorten it by ${meta.length - META_MAX}.`,
    };
  },
});
