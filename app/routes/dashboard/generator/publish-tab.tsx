import { useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { SelectField } from "#app/components/forms";
import { showToast } from "#app/components/toaster";
import { Button } from "#app/components/ui/button";
import { GENERATOR_MESSAGES as M } from "#app/modules/generation/generator";
import type { GeneratedArticleView } from "#app/modules/generation/generator.server";
import { copyText } from "#app/utils/clipboard";
import { useHydrated } from "#app/utils/use-hydrated";
import { GeneratorCard } from "./card";

type ArticleOption = { id: string; title: string; status: string; createdAt: string };

/**
 * Publish tab: pick an article (newest first) and hand it to the write screen's
 * publish dialog, or copy its HTML. A GET form, so both work without
 * JavaScript (copying then opens the preview to copy from).
 */
export function PublishTab({ articles, selected }: { articles: ArticleOption[]; selected: GeneratedArticleView | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [chosen, setChosen] = useState(selected?.id ?? "");
  const ready = Boolean(selected) && chosen === selected?.id && navigation.state === "idle";

  if (articles.length === 0) {
    return (
      <section className="rounded-xl border border-slate-200 bg-white p-6 text-sm shadow-sm">
        <h2 className="text-lg font-semibold">Publish</h2>
        <p className="mt-2 text-slate-600">
          No articles yet.{" "}
          <Link className="text-brand-700 underline" to="/dashboard/generator?tab=generate">
            Generate your first article
          </Link>
          .
        </p>
      </section>
    );
  }

  return (
    <GeneratorCard id="publish-heading" title="Publish">
      <p className="mt-1 text-sm text-slate-600">Choose an article and publish it to your connected platforms, or copy its content.</p>
      <Form method="get" action="/dashboard/generator" className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="tab" value="publish" />
        <SelectField
          label="Article"
          options={articles.map((a) => ({ value: a.id, label: `${a.title} (${a.status})` }))}
          selectProps={{
            id: "publish-article",
            name: "article",
            defaultValue: selected?.id,
            onChange: (event) => {
              const id = event.currentTarget.value;
              setChosen(id);
              // Loads the chosen article's content for Copy Content.
              void navigate(`/dashboard/generator?tab=publish&article=${encodeURIComponent(id)}`, {
                replace: true,
                preventScrollReset: true,
              });
            },
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="go" value="publish">
            Publish
          </Button>
          {hydrated ? (
            <Button
              type="button"
              variant="secondary"
              disabled={!ready}
              onClick={() => {
                if (!selected) return;
                copyText(selected.contentHtml).then(
                  () => showToast({ type: "success", title: M.copied }),
                  () =>
                    showToast({
                      type: "error",
                      title: "Copy failed",
                      description: "Your browser did not allow copying. Open the preview and copy from there.",
                    }),
                );
              }}
            >
              Copy Content
            </Button>
          ) : (
            <Button type="submit" name="go" value="preview" variant="secondary" formTarget="_blank">
              Copy Content
            </Button>
          )}
        </div>
        {hydrated ? null : (
          <p className="text-sm text-slate-600">Without JavaScript, Copy Content opens the article's preview in a new tab to copy from.</p>
        )}
      </Form>
    </GeneratorCard>
  );
}
