import { linkVerification } from "../../content-checks";
import { defineCheck } from "../check";
import { capitalise, plural } from "../words";

export const linksVerified = defineCheck({
  id: "links-verified",
  label: "Links checked and working",
  weight: 10,
  blocks: false,
  readsText: true,
  needs: ["link-checks"],
  revision: 1,
  run: ({ parsed, input }) => {
    const { unverified, unreachable } = linkVerification(parsed.links, input.linkChecks ?? {});
    const problems = [...unreachable, ...unverified];
    const parts = [
      unreachable.length ? `${plural(unreachable.length, "link")} failed ${unreachable.length === 1 ? "its" : "their"} last check` : "",
      unverified.length ? `${plural(unverified.length, "link")} ${unverified.length === 1 ? "has" : "have"} not been checked yet` : "",
    ].filter(Boolean);
    return {
      passed: problems.length === 0,
      detail: problems.length
        ? `${capitalise(parts.join(" and "))}. A link nobody has opened may lead nowhere, and readers who hit a dead link stop trusting the page.`
        : parsed.links.length
          ? "Every link worked when it was last checked."
          : "No links to check.",
      ...(problems.length
        ? {
            fix: "Check them on the Backlinks page (‘Check links now’), then replace or remove the ones that fail. Links are also checked daily.",
            examples: problems.slice(0, 3),
          }
        : {}),
    };
  },
});
