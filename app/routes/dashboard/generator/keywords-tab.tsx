import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Field, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import type { FormReply } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";
import { KeywordsSchema } from "./schemas";
import { GeneratorCard } from "./card";

const ACTION = "/dashboard/generator?tab=keywords";

type Research = { topic: string; keywords: string[]; provider: "openai" | "offline" };

/** Keywords tab: ideas for a topic from the configured writer, each one a start for an article. */
export function KeywordsTab({ reply }: { reply?: FormReply & { research?: Research } }) {
  const pending = useIsPending({ formAction: ACTION });
  const research = reply?.research;
  const [form, fields] = useSchemaForm(KeywordsSchema, {
    id: "generator-keywords",
    lastResult: reply?.result,
  });
  return (
    <div className="flex flex-col gap-6">
      <GeneratorCard id="keywords-heading" notice={reply?.notice} title="Keyword research">
        <Form method="post" action={ACTION} {...getFormProps(form)} className="mt-4 flex flex-wrap items-start gap-3">
          <input type="hidden" name="intent" value="keywords" />
          <Field
            className="min-w-64 flex-1"
            label="Topic"
            errors={fields.topic.errors}
            inputProps={{ ...getInputProps(fields.topic, { type: "text" }), maxLength: 200, placeholder: "e.g. home espresso" }}
          />
          <StatusButton type="submit" className="mt-6" pending={pending} pendingLabel="Researching...">
            Research Keywords
          </StatusButton>
        </Form>
      </GeneratorCard>
      {research ? (
        <GeneratorCard id="keyword-results-heading" title={<>Keyword ideas for “{research.topic}”</>}>
          {/* Product rule: no invented volumes or difficulty; these are suggestions only. */}
          <p className="mt-1 text-sm text-slate-600">
            Suggestions without search volumes, from {research.provider === "offline" ? "the built-in offline writer" : "your AI provider"}.
          </p>
          <ul className="mt-4 divide-y divide-slate-100" aria-label="Keyword ideas">
            {research.keywords.map((keyword) => (
              <li key={keyword} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>{keyword}</span>
                <Link
                  className="shrink-0 text-brand-700 underline"
                  to={`/dashboard/generator?tab=generate&topic=${encodeURIComponent(keyword)}`}
                  aria-label={`Write about ${keyword}`}
                >
                  Write about this
                </Link>
              </li>
            ))}
          </ul>
        </GeneratorCard>
      ) : null}
    </div>
  );
}
