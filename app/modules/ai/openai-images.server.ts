import { getEnv } from "#app/env.server";
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

export function imageType(bytes: Uint8Array): Pick<GeneratedImage, "contentType" | "ext"> | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return { contentType: "image/png", ext: "png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return { contentType: "image/jpeg", ext: "jpg" };
  if (bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return { contentType: "image/webp", ext: "webp" };
  return null;
}
