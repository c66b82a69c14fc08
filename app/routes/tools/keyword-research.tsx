import { getInputProps } from "@conform-to/react";
import { Field } from "#app/components/forms";
import { difficultyLabel } from "#app/modules/research/difficulty";
import { runKeywordResearch, toolFormMethod, type KeywordRow } from "#app/modules/tools/ai.server";
import { toolAction, toolLoader } from "./tool-route.server";
import { Badge, CopyButton, REQUIRED, ToolForm, ToolPage, toolHandle, toolMeta, useToolForm } from "./tool-ui";
import type { Route } from "./+types/keyword-research";

export const handle = toolHandle;
export const meta: Route.MetaFunction = (args) => toolMeta(args, "keyword-research");

const SLUG = "keyword-research";
export const loader = (args: Route.LoaderArgs) => toolLoader(SLUG, args, toolFormMethod(SLUG), runKeywordResearch);
export const action = (args: Route.ActionArgs) => toolAction(SLUG, args, toolFormMethod(SLUG), runKeywordResearch);

const SOURCE_LABEL: Record<KeywordRow["source"], string> = {
  modifier: "Modifier",
  question: "Question",
  "long-tail": "Long-tail",
  ai: "AI idea",
};
const DIFFICULTY_TONE = { Easy: "good", Medium: "warn", Hard: "bad" } as const;

/** The provider's difficulty (0-100) in words, with the figure. */
function DifficultyBadge({ difficulty }: { difficulty: number | null }) {
  const label = difficultyLabel(difficulty);
  if (!label) return "—";
  return (
    <Badge tone={DIFFICULTY_TONE[label]}>
      {label} ({difficulty})
    </Badge>
  );
}
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
const count = new Intl.NumberFormat("en-US");

export default function KeywordResearch({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const [form, fields] = useToolForm(SLUG, state.reply);
  const answer = state.answer;
  const research = answer?.result;
  const withData = Boolean(research?.dataSource);
  return (
    <ToolPage
      slug={SLUG}
      ctaTopic={answer ? fields.topic.initialValue?.trim() : undefined}
      notice={answer?.notice}
      source={answer?.source}
      resultsHeading="Keyword ideas by search intent"
      form={
        <ToolForm id={form.id} method={state.method} submitLabel="Find Keywords">
          <Field
            label="Topic or seed keyword"
            errors={fields.topic.errors}
            inputProps={{ ...getInputProps(fields.topic, { type: "text" }), ...REQUIRED, placeholder: "e.g. standing desk" }}
          />
        </ToolForm>
      }
      results={
        research ? (
          <div className="flex flex-col gap-8" data-testid="results">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-700" data-testid="keyword-data-status">
                {research.dataSource
                  ? `${research.total} keywords. Search volume, difficulty and CPC from ${research.dataSource} (United States, English).`
                  : research.dataNotice}
              </p>
              <CopyButton text={research.groups.flatMap((g) => g.items.map((i) => i.keyword)).join("\n")} label="Copy all keywords" />
            </div>
            {research.groups.map((group) => (
              <section key={group.intent} aria-labelledby={`intent-${group.intent}`}>
                <h3 id={`intent-${group.intent}`} className="text-lg font-semibold text-slate-900">
                  {group.title} <span className="text-sm font-normal text-slate-600">({group.items.length})</span>
                </h3>
                <p className="text-sm text-slate-600">{group.description}</p>
                <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
                  <table className="w-full text-left text-sm">
                    <thead className="bg-slate-50 text-slate-700">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Keyword
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Type
                        </th>
                        {withData ? (
                          <>
                            <th scope="col" className="px-3 py-2 font-medium">
                              Monthly volume
                            </th>
                            <th scope="col" className="px-3 py-2 font-medium">
                              Difficulty
                            </th>
                            <th scope="col" className="px-3 py-2 font-medium">
                              CPC
                            </th>
                          </>
                        ) : (
                          <th scope="col" className="px-3 py-2 font-medium">
                            Volume, difficulty, CPC
                          </th>
                        )}
                        <th scope="col" className="px-3 py-2 font-medium">
                          <span className="sr-only">Copy</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {group.items.map((row) => (
                        <tr key={row.keyword}>
                          <td className="cursor-pointer px-3 py-2 font-medium text-slate-900" data-copy={row.keyword}>
                            {row.keyword}
                          </td>
                          <td className="px-3 py-2 text-slate-600">{SOURCE_LABEL[row.source]}</td>
                          {withData ? (
                            <>
                              <td className="px-3 py-2 tabular-nums">
                                {row.metrics?.volume != null ? count.format(row.metrics.volume) : "—"}
                              </td>
                              <td className="px-3 py-2">
                                <DifficultyBadge difficulty={row.metrics?.difficulty ?? null} />
                              </td>
                              <td className="px-3 py-2 tabular-nums">{row.metrics?.cpc != null ? usd.format(row.metrics.cpc) : "—"}</td>
                            </>
                          ) : (
                            <td className="px-3 py-2 text-xs text-slate-600">No data source connected</td>
                          )}
                          <td className="px-3 py-2 text-right">
                            <CopyButton text={row.keyword} srLabel={row.keyword} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            ))}
          </div>
        ) : null
      }
    />
  );
}
