import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local Stripe speaking the real protocol to the real SDK (docs: the
 * integrations notes on Stripe): form-encoded bodies with bracket nesting,
 * Bearer auth (401 authentication_error otherwise), Stripe's error shape,
 * Idempotency-Key replay (the same key with other parameters is a 400
 * idempotency_error), products (custom ids), customers, and recurring prices
 * with volume tiers, listed by lookup key with `expand[]=data.tiers` (tiers are
 * only returned when expanded, as Stripe does) and `transfer_lookup_key`.
 * Checkout, the billing portal, subscriptions and signed webhooks come with
 * the billing pages.
 */

type StripeObject = Record<string, unknown> & { id: string; object: string };

/** Parses `a[b][0][c]=v` form bodies into nested objects; objects whose keys are all indexes become arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

function stripeError(res: http.ServerResponse, status: number, type: string, message: string, extra: Record<string, string> = {}) {
  sendJson(res, status, { error: { type, message, ...extra } }, { "Request-Id": `req_${crypto.randomBytes(7).toString("hex")}` });
}

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("base64url")}`;
const now = () => Math.floor(Date.now() / 1000);
const asList = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });

export async function startFakeStripe({ port = 0, secretKey = "sk_test_fake_inkpilot" } = {}) {
  const objects = new Map<string, StripeObject>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: Array<{ method: string; path: string; idempotencyKey: string | null }> = [];

  function publicPrice(price: StripeObject, expand: string[]) {
    return expand.includes("data.tiers") || expand.includes("tiers") ? price : { ...price, tiers: undefined };
  }

  function createPrice(params: Record<string, unknown>) {
    const product = String(params.product ?? "");
    if (!objects.has(product))
      return {
        status: 400,
        body: {
          error: { type: "invalid_request_error", code: "resource_missing", param: "product", message: `No such product: '${product}'` },
        },
      };
    const recurring = params.recurring as Record<string, string> | undefined;
    const tiers = (params.tiers as Array<Record<string, string>> | undefined)?.map((t) => ({
      up_to: t.up_to === "inf" ? null : Number(t.up_to),
      unit_amount: t.unit_amount === undefined ? null : Number(t.unit_amount),
      flat_amount: null,
      unit_amount_decimal: t.unit_amount ?? null,
      flat_amount_decimal: null,
    }));
    if (params.billing_scheme === "tiered" && (!tiers?.length || !params.tiers_mode))
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", param: "tiers", message: "Tiered prices need tiers and tiers_mode." } },
      };
    const lookupKey = (params.lookup_key as string | undefined) ?? null;
    if (lookupKey) {
      const holder = [...objects.values()].find((o) => o.object === "price" && o.lookup_key === lookupKey);
      if (holder && params.transfer_lookup_key !== "true")
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              param: "lookup_key",
              message: `A price (\`${holder.id}\`) already uses that lookup key.`,
            },
          },
        };
      if (holder) holder.lookup_key = null;
    }
    const price: StripeObject = {
      id: newId("price"),
      object: "price",
      active: true,
      billing_scheme: params.billing_scheme ?? "per_unit",
      created: now(),
      currency: params.currency,
      livemode: false,
      lookup_key: lookupKey,
      metadata: params.metadata ?? {},
      nickname: params.nickname ?? null,
      product,
      recurring: recurring
        ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1), usage_type: "licensed" }
        : null,
      tiers: tiers ?? null,
      tiers_mode: params.tiers_mode ?? null,
      type: recurring ? "recurring" : "one_time",
      unit_amount: params.unit_amount === undefined ? null : Number(params.unit_amount),
    };
    objects.set(price.id, price);
    return { status: 200, body: price };
  }

  function handlePost(path: string, params: Record<string, unknown>): { status: number; body: unknown } {
    if (path === "/v1/products") {
      const id = (params.id as string | undefined) ?? newId("prod");
      if (objects.has(id))
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", code: "resource_already_exists", message: "Product already exists." } },
        };
      const product: StripeObject = {
        id,
        object: "product",
        active: true,
        name: params.name,
        description: params.description ?? null,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
      };
      objects.set(id, product);
      return { status: 200, body: product };
    }
    if (path === "/v1/prices") return createPrice(params);
    if (path === "/v1/customers") {
      const customer: StripeObject = {
        id: newId("cus"),
        object: "customer",
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
      };
      objects.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const update = /^\/v1\/(prices|products|customers)\/([^/]+)$/.exec(path);
    if (update) {
      const found = objects.get(decodeURIComponent(update[2]!));
      if (!found)
        return { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such object" } } };
      if (params.active !== undefined) found.active = params.active === "true";
      if (params.metadata) found.metadata = { ...(found.metadata as object), ...(params.metadata as object) };
      return { status: 200, body: found };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (POST: ${path}).` } } };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/__fake/requests") return sendJson(res, 200, requests);
    if (url.pathname === "/__fake/objects") return sendJson(res, 200, [...objects.values()]);
    if (url.pathname === "/__fake/reset" && req.method === "POST") {
      objects.clear();
      idempotent.clear();
      requests.length = 0;
      return sendJson(res, 200, { ok: true });
    }
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    requests.push({ method: req.method ?? "GET", path: url.pathname, idempotencyKey });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(res, 401, "authentication_error", "Invalid API Key provided.");
    const body = await readBody(req);

    if (req.method === "POST") {
      const params = parseStripeForm(body);
      const fingerprint = `${url.pathname}?${body}`;
      if (idempotencyKey) {
        const seen = idempotent.get(idempotencyKey);
        if (seen && seen.fingerprint !== fingerprint)
          return stripeError(
            res,
            400,
            "idempotency_error",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
        if (seen) return sendJson(res, seen.status, seen.body, { "Idempotent-Replayed": "true" });
      }
      const result = handlePost(url.pathname, params);
      if (idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, ...result });
      return sendJson(res, result.status, result.body);
    }

    const query = parseStripeForm(url.search.slice(1));
    const expand = (query.expand as string[] | undefined) ?? [];
    if (url.pathname === "/v1/prices") {
      const keys = (query.lookup_keys as string[] | undefined) ?? null;
      const prices = [...objects.values()].filter(
        (o) =>
          o.object === "price" &&
          (!keys || keys.includes(String(o.lookup_key))) &&
          (query.active === undefined || String(o.active) === query.active),
      );
      return sendJson(
        res,
        200,
        asList(
          prices.map((p) => publicPrice(p, expand)),
          "/v1/prices",
        ),
      );
    }
    const one = /^\/v1\/(prices|products|customers)\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const found = objects.get(decodeURIComponent(one[2]!));
      if (!found)
        return stripeError(res, 404, "invalid_request_error", `No such ${one[1]!.slice(0, -1)}: '${one[2]}'`, { code: "resource_missing" });
      return sendJson(res, 200, found.object === "price" ? publicPrice(found, expand) : found);
    }
    return stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (GET: ${url.pathname}).`);
  });
  const listening = await listen(server, port);
  return { ...listening, secretKey, objects };
}
