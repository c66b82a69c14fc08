import { redirect } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { getArticle } from "#app/modules/articles/mutations.server";
import { WRITE_PATH } from "#app/modules/articles/urls";
import { authContext } from "#app/modules/auth/guards.server";
import { uploadArticleImage } from "#app/modules/uploads/article-uploads.server";
import { multipartTooLarge } from "#app/modules/uploads/images.server";
import { readFormData } from "#app/utils/forms.server";
import type { Route } from "./+types/image";

/** Body limit (server/request-body.ts): the editor's picture upload (2 MB). */
export const bodyLimit = "upload";

/**
 * POST-only: the editor's script uploads a picture for the article (the Image
 * dialog, or one dropped or pasted into the text) with its alt text, and gets
 * JSON back: where it is stored and its size, or the message to show. Without
 * JavaScript the Content field is a plain textarea of HTML, which takes an
 * <img> of an address (docs/decisions/036-ai-edits-reviewed-before-applied.md).
 */

export async function loader() {
  return redirect(WRITE_PATH);
}

const refuse = (error: string, status: number) => Response.json({ ok: false, error }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  // Refused from its declared length, unread.
  if (multipartTooLarge(request)) return refuse("The image must be 2 MB or smaller.", 413);
  const formData = await readFormData(request);
  if (!formData) return refuse("Please choose an image file.", 400);
  const db = getDb();
  const articleId = String(formData.get("articleId") ?? "").trim() || null;
  if (articleId && !(await getArticle(db, auth.site.id, articleId))) return refuse("Not found", 404);
  const file = formData.get("image");
  const result = await uploadArticleImage(
    db,
    { siteId: auth.site.id, userId: auth.user.id },
    {
      file: file instanceof File ? file : null,
      alt: String(formData.get("alt") ?? ""),
      articleId,
      ip: context.get(requestContext).ip,
    },
  );
  if (!result.ok) return refuse(result.error, result.status);
  return Response.json(result);
}
