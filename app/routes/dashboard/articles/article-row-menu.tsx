import { useState } from "react";
import { Link } from "react-router";
import { DropdownMenu } from "radix-ui";
import { ConfirmDialog } from "#app/components/confirm-dialog";
import { ListLink } from "#app/components/list-link";
import { editUrl } from "#app/modules/articles/urls";
import { cn } from "#app/utils/cn";
import type { ArticleRow } from "./article-row";

/** An article row's menu (edit, publish, delete with its confirmation), with links alone before JavaScript runs. */

const publishLabel = (article: ArticleRow) => (article.status === "published" ? "Update" : "Publish");

const deleteHref = (id: string, back: string) => `/dashboard/articles/${encodeURIComponent(id)}/delete?back=${encodeURIComponent(back)}`;

const itemClass =
  "block w-full rounded px-3 py-1.5 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100 data-[highlighted]:bg-slate-100";

function DotsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}

/** Without JavaScript: a <details> menu of links, Delete going to the confirmation page. */
export function StaticRowMenu({ article, back }: { article: ArticleRow; back: string }) {
  return (
    <details className="relative inline-block text-left">
      <summary className="flex h-8 w-8 cursor-pointer list-none items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <DotsIcon />
        <span className="sr-only">Actions for {article.title || "Untitled"}</span>
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-36 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        <li>
          <ListLink className={itemClass} to={editUrl(article.id)}>
            Edit
          </ListLink>
        </li>
        <li>
          <ListLink className={itemClass} to={editUrl(article.id, { publish: true })}>
            {publishLabel(article)}
          </ListLink>
        </li>
        <li>
          <ListLink className={cn(itemClass, "text-red-700")} to={deleteHref(article.id, back)}>
            Delete
          </ListLink>
        </li>
      </ul>
    </details>
  );
}

/** With JavaScript: a Radix menu (keyboard, focus) and the Delete dialog. */
export function RowMenu({ article, back }: { article: ArticleRow; back: string }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <DotsIcon />
            <span className="sr-only">Actions for {article.title || "Untitled"}</span>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-30 w-36 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            <DropdownMenu.Item asChild>
              <Link className={itemClass} to={editUrl(article.id)}>
                Edit
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild>
              <Link className={itemClass} to={editUrl(article.id, { publish: true })}>
                {publishLabel(article)}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={cn(itemClass, "cursor-pointer text-red-700")} onSelect={() => setConfirming(true)}>
              Delete
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Article"
        description={
          <>
            Are you sure you want to delete the article titled{" "}
            <strong className="font-semibold text-slate-900">&ldquo;{article.title || "Untitled"}&rdquo;</strong>? This action cannot be
            undone.
          </>
        }
        action={`/dashboard/articles/${encodeURIComponent(article.id)}/delete`}
        fields={{ redirectTo: back }}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
      />
    </>
  );
}

/**
 * One table; below the sm breakpoint its rows are laid out as stacked cards (title and actions on top,
 * status and score under them) so a phone never scrolls sideways. The header stays for screen readers.
 */
