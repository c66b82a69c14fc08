import { getTextareaProps } from "@conform-to/react";
import { TextareaField } from "#app/components/forms";
import { analyzeReadability } from "#app/modules/articles/readability";
import { computed, toolAction, toolLoader } from "./tool-route.server";
import { Badge, CopyButton, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta, useToolForm, type Tone } from "./tool-ui";
import type { Route } from "./+types/readability-checker";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "readability-checker");

const SLUG = "readability-checker";
const run = (input: { text: string }) => computed(analyzeReadability(input.text));
// Pasted text can be long: always posted, never put in a URL.
export const loader = (args: Route.LoaderArgs) => toolLoader(SLUG, args, "post", run);
export const action = (args: Route.ActionArgs) => toolAction(SLUG, args, "post", run);

function scoreTone(score: number): Tone {
  return score >= 60 ? "good" : score >= 50 ? "warn" : "bad";
}

export default function ReadabilityChecker({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const [form, fields] = useToolForm(SLUG, state.reply);
  const r = state.answer?.result;
  const stats = r
    ? [
        { label: "Words", value: r.wordCount },
        { label: "Sentences", value: r.sentenceCount },
        { label: "Paragraphs", value: r.paragraphCount },
        { label: "Avg. words per sentence", value: r.avgWordsPerSentence },
        { label: "Grade level", value: r.gradeLevel },
        { label: "Reading time", value: `${r.readingTime} min` },
      ]
    : [];
  return (
    <ToolPage
      slug={SLUG}
      resultsHeading="Readability report"
      form={
        <ToolForm id={form.id} method={state.method} submitLabel="Check Readability">
          <TextareaField
            label="Your text"
            errors={fields.text.errors}
            textareaProps={{
              ...getTextareaProps(fields.text),
              rows: 10,
              placeholder: "Paste your article or paragraph here…",
              ...REQUIRED,
            }}
          />
        </ToolForm>
      }
      results={
        r ? (
          <div className="flex flex-col gap-6" data-testid="results">
            <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <div>
                <p className="text-sm text-slate-600">Flesch reading ease</p>
                <p className="text-4xl font-bold text-slate-900" data-testid="flesch-score">
                  {r.fleschScore}
                </p>
              </div>
              <Badge tone={scoreTone(r.fleschScore)}>{r.band}</Badge>
              <div className="ml-auto">
                <CopyButton
                  label="Copy report"
                  text={[
                    `Flesch reading ease: ${r.fleschScore} (${r.band})`,
                    ...stats.map((s) => `${s.label}: ${s.value}`),
                    "Suggestions:",
                    ...r.suggestions.map((s) => `- ${s}`),
                  ].join("\n")}
                />
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {stats.map((s) => (
                <div key={s.label} className="rounded-lg border border-slate-200 bg-white p-4">
                  <dt className="text-sm text-slate-600">{s.label}</dt>
                  <dd className="mt-1 text-2xl font-semibold text-slate-900">{s.value}</dd>
                </div>
              ))}
            </dl>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">Suggestions</h3>
              <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700" data-testid="suggestions">
                {r.suggestions.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">Longest sentences</h3>
              <ol className="mt-2 flex flex-col gap-2">
                {r.longestSentences.map((s, i) => (
                  <li
                    key={`${i}-${s.text}`}
                    data-copy={s.text}
                    className={
                      s.long
                        ? "cursor-pointer rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-slate-900"
                        : "cursor-pointer rounded-md border-l-4 border-slate-200 p-3 text-slate-700"
                    }
                  >
                    {s.long ? <mark className="bg-transparent text-slate-900">{s.text}</mark> : s.text}
                    <span className="mt-1 block text-xs text-slate-600">
                      {s.words} words{s.long ? " (over 20: consider splitting)" : ""}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
            <details className="text-sm text-slate-700">
              <summary className="cursor-pointer font-medium">How the scores are calculated</summary>
              <p className="mt-2">
                Flesch reading ease = 206.835 − 1.015 × (words ÷ sentences) − 84.6 × (syllables ÷ words). Flesch-Kincaid grade = 0.39 ×
                (words ÷ sentences) + 11.8 × (syllables ÷ words) − 15.59. Your text has {r.syllableCount} syllables. Bands: 90+ Very Easy,
                80+ Easy, 70+ Fairly Easy, 60+ Standard, 50+ Fairly Difficult, 30+ Difficult, below 30 Very Difficult. Reading time assumes
                200 words a minute.
              </p>
            </details>
          </div>
        ) : null
      }
    />
  );
}
