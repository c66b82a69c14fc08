import { getEnv } from "#app/env.server";
import { detectImageType, IMAGE_TYPES } from "#app/modules/uploads/images.server";
import { guardedFetch } from "#app/utils/http.server";
import { createOpenAiClient, REQUEST_TIMEOUTS } from "./client.server";
import { imagePrompt } from "./prompts";
import type { GeneratedImage, ImageGenerator } from "./types";

/** Images from the OpenAI-compatible images API, fetched into bytes (never hot-linked). */
export function createOpenAiImages(): ImageGenerator {
  const client = createOpenAiClient("article");
  return {
    kind: "openai",
    async image(prompt, style, ctx) {
      const startedAt = performance.now();
      const result = await client.images.generate(
        { model: getEnv().OPENAI_IMAGE_MODEL, prompt: imagePrompt(prompt, style), n: 1, size: "1024x1024" },
        { signal: ctx?.signal, timeout: REQUEST_TIMEOUTS.image },
      );
      ctx?.onCall?.({ name: "image", startedAt, endedAt: performance.now() });
      const item = result.data?.[0];
      let bytes: Uint8Array;
      if (item?.b64_json) bytes = Buffer.from(item.b64_json, "base64");
      else if (item?.url) {
        // Legacy servers answer with a short-lived URL: fetch it now, never hot-link it.
        const response = await guardedFetch(item.url, { timeoutMs: 30_000, maxBytes: 10 * 1024 * 1024 });
        bytes = response.body;
      } else throw new Error("The image API returned no image.");
      const type = imageType(bytes);
      if (!type) throw new Error("The image API returned an unsupported image format.");
      return { bytes, ...type, ...(item.revised_prompt ? { revisedPrompt: item.revised_prompt } : {}) };
    },
  };
}

/** The image store's one file-type check; the images API answers PNG, JPEG or WebP. */
function imageType(bytes: Uint8Array): Pick<GeneratedImage, "contentType" | "ext"> | null {
  const ext = detectImageType(bytes);
  return ext === "png" || ext === "jpg" || ext === "webp" ? { contentType: IMAGE_TYPES[ext], ext } : null;
}
