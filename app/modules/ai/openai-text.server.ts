import { z } from "zod";
import { getEnv } from "#app/env.server";
import { decodeEntities } from "#app/utils/text";
import { askJson, createOpenAiClient } from "./client.server";
import { normalizeLanguage } from "./language";
import { KEYWORDS_SCHEMA, keywordPrompt } from "./prompts";
import type { BrandProfile, ListRequest, PageFacts, TextGenerator } from "./types";

/**
 * Short text on any OpenAI-compatible Chat Completions API (OpenAI, Ollama,
 * vLLM, llama.cpp ...), using JSON-schema structured output: the brand
 * profile of the onboarding scan, keyword ideas, and the free tools' lists.
 */

const BRAND_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["brand_name", "industry", "tone_of_voice", "tags", "description", "target_audience", "language"],
  properties: {
    brand_name: { type: "string", description: "The brand or company name as the site presents it." },
    industry: { type: "string", description: "The industry in two or three words, e.g. 'Food & Beverage'." },
    tone_of_voice: { type: "string", description: "The tone of voice of the site's copy in a few words." },
    tags: { type: "array", items: { type: "string" }, description: "Up to 8 short lowercase topic keywords." },
    description: { type: "string", description: "One or two sentences describing what the brand offers." },
    target_audience: { type: "string", description: "One sentence describing who the site is for." },
    language: { type: "string", description: "The site's language as a BCP 47 tag with region, e.g. en-US." },
  },
} as const;

const BrandAnswer = z.object({
  brand_name: z.string().trim().min(1),
  industry: z.string().trim(),
  tone_of_voice: z.string().trim(),
  tags: z.array(z.string().trim()),
  description: z.string().trim(),
  target_audience: z.string().trim(),
  language: z.string().trim(),
});

const SYSTEM_PROMPT =
  "You analyse a company's website to set up its brand profile for an AI blog writer. " +
  "Answer only from the page content given; do not invent facts. Reply with JSON matching the schema.";

/** The page squeezed into a prompt: the parts that say who the brand is, capped in size. */
function pagePrompt(page: PageFacts) {
  const og = Object.entries(page.openGraph)
    .map(([k, v]) => `og:${k}: ${v}`)
    .join("\n");
  return [
    `URL: ${page.url}`,
    `Title: ${page.title}`,
    `Meta description: ${page.metaDescription}`,
    page.metaKeywords.length ? `Meta keywords: ${page.metaKeywords.join(", ")}` : "",
    og,
    `Declared language: ${page.lang || "unknown"}`,
    `Headings:\n${page.headings.map((h) => `${"#".repeat(h.level)} ${h.text}`).join("\n")}`,
    `Navigation: ${page.navLinks
      .map((l) => l.text)
      .filter(Boolean)
      .join(", ")}`,
    `Main text:\n${page.mainText.slice(0, 6000)}`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

const KeywordsAnswer = z.object({ keywords: z.array(z.string().trim().min(1)) });

export function createOpenAiText(): TextGenerator {
  const env = getEnv();
  const brandClient = createOpenAiClient("brand");
  const articleClient = createOpenAiClient("article");
  const toolClient = createOpenAiClient("tool");

  async function ask(page: PageFacts, correlationId?: string) {
    const completion = await brandClient.chat.completions.create(
      {
        model: env.OPENAI_MODEL,
        temperature: 0.2,
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: pagePrompt(page) },
        ],
        response_format: { type: "json_schema", json_schema: { name: "brand_profile", strict: true, schema: BRAND_SCHEMA } },
      },
      correlationId ? { headers: { "X-Request-Id": correlationId } } : undefined,
    );
    const message = completion.choices[0]?.message;
    if (message?.refusal) throw new Error(`The AI provider refused: ${message.refusal}`);
    return BrandAnswer.safeParse(JSON.parse(message?.content ?? "null"));
  }

  return {
    kind: "openai",
    async extractBrand(page, options) {
      // Compatible servers do not all enforce the schema: validate, and ask once more.
      let answer = await ask(page, options?.correlationId).catch((error: unknown) => {
        if (error instanceof SyntaxError) return null;
        throw error;
      });
      if (!answer?.success) answer = await ask(page, options?.correlationId);
      if (!answer.success) throw new Error("The AI provider returned an answer that does not match the brand schema.");
      const a = answer.data;
      // A model reading the page's source may copy its character references ('Clay &amp; Kiln'): stored as text,
      // a name is decoded once here and escaped once wherever it is shown.
      const text = (value: string) => decodeEntities(value).trim();
      const brand: BrandProfile = {
        brandName: text(a.brand_name),
        industry: text(a.industry),
        toneOfVoice: text(a.tone_of_voice),
        tags: [...new Set(a.tags.map((t) => text(t).toLowerCase()).filter(Boolean))].slice(0, 10),
        description: text(a.description),
        targetAudience: text(a.target_audience),
        // The page's own declaration beats the model's guess.
        language: normalizeLanguage(page.lang) || normalizeLanguage(a.language) || "en-US",
      };
      return brand;
    },
    async keywordIdeas(topic, language, ctx) {
      return (await askJson(articleClient, "keyword_ideas", KEYWORDS_SCHEMA, keywordPrompt(topic, language), KeywordsAnswer, ctx)).keywords;
    },
    list: (request) => generateList(toolClient, request),
    async embed(texts, ctx) {
      if (texts.length === 0) return [];
      const answer = await toolClient.embeddings.create({ model: env.OPENAI_EMBEDDING_MODEL, input: texts }, { signal: ctx?.signal });
      const vectors = [...answer.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      if (vectors.length !== texts.length)
        throw new Error(`The AI provider returned ${vectors.length} embeddings for ${texts.length} texts.`);
      return vectors;
    },
  };
}

/** A list of items under a JSON schema, keeping the items that validate (the free tools). */
async function generateList<T>(client: ReturnType<typeof createOpenAiClient>, request: ListRequest<T>): Promise<T[]> {
  const completion = await client.chat.completions.create(
    {
      model: getEnv().OPENAI_MODEL,
      temperature: 0.8,
      messages: [
        { role: "system", content: `${request.instructions} Reply with JSON matching the schema.` },
        { role: "user", content: request.prompt },
      ],
      response_format: {
        type: "json_schema",
        json_schema: {
          name: request.name,
          strict: true,
          schema: {
            type: "object",
            additionalProperties: false,
            required: ["items"],
            properties: { items: { type: "array", items: request.itemSchema } },
          },
        },
      },
    },
    { signal: request.signal, ...(request.correlationId ? { headers: { "X-Request-Id": request.correlationId } } : {}) },
  );
  const message = completion.choices[0]?.message;
  if (message?.refusal) throw new Error(`The AI provider refused: ${message.refusal}`);
  const answer = z.object({ items: z.array(z.unknown()) }).safeParse(JSON.parse(message?.content ?? "null"));
  if (!answer.success) throw new Error(`The AI answer does not match the ${request.name} schema.`);
  const items: T[] = [];
  for (const raw of answer.data.items) {
    const parsed = request.item.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
  }
  if (items.length < request.count) {
    throw new Error(`The AI answer has ${items.length} valid items for ${request.name}; ${request.count} are needed.`);
  }
  return items.slice(0, request.count);
}
