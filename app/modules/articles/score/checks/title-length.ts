import { defineCheck } from "../check";

const TITLE_MAX = 60;

export const titleLength = defineCheck({
  id: "title-length",
  label: `Title at most ${TITLE_MAX} characters`,
  weight: 8,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ title }) => {
    const passed = title.length > 0 && title.length <= TITLE_MAX;
    return {
      passed,
      detail: !title
        ? "Add a title."
        : passed
          ? `${title.length} characters: it will show in full in search results.`
          : `${title.length} characters: search results cut titles after about ${TITLE_MAX}. Shorten it by ${title.length - TITLE_MAX}.`,
    };
  },
});
