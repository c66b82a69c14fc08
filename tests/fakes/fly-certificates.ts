import http from "node:http";
import { Resolver } from "node:dns/promises";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local stand-in for Fly's Machines API certificates resource (https://fly.io/docs/machines/api/certificates-resource/):
 * POST /v1/apps/:app/certificates/acme, GET and DELETE /v1/apps/:app/certificates/:hostname, POST …/:hostname/check,
 * bearer auth. A certificate is issued on a check once the hostname resolves to the app (a CNAME to <app>.fly.dev or
 * one of the app's addresses) through the DNS server it is given, as Let's Encrypt validates it.
 */

type Certificate = { hostname: string; status: string; configured: boolean; created_at: string };

export async function startFakeFlyCertificates({
  port = 0,
  token = "fly-fake-token",
  app = "inkpilot-test",
  dnsServer,
  addresses = { ipv4: ["203.0.113.10"], ipv6: ["2001:db8::10"] },
  setDnsRecord,
}: {
  port?: number;
  token?: string;
  app?: string;
  dnsServer?: string;
  addresses?: { ipv4: string[]; ipv6: string[] };
  /** For `npm run fakes`: POST /__fake/dns {name, type, values} sets a record in the local DNS fake. */
  setDnsRecord?: (name: string, type: "A" | "AAAA" | "CNAME" | "TXT", values: string[]) => void;
} = {}) {
  const certificates = new Map<string, Certificate>();
  const requests: Array<{ method: string; path: string }> = [];
  const failures: number[] = [];
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  if (dnsServer) resolver.setServers([dnsServer]);
  const target = `${app}.fly.dev`;

  async function pointsHere(hostname: string) {
    const none = (): string[] => [];
    const [cname, a] = await Promise.all([resolver.resolveCname(hostname).catch(none), resolver.resolve4(hostname).catch(none)]);
    return cname.includes(target) || a.some((ip) => addresses.ipv4.includes(ip));
  }

  const view = (c: Certificate) => ({
    ...c,
    acme_requested: true,
    dns_provider: "fake",
    rate_limited_until: null,
    certificates: [],
    validation: {
      dns_configured: c.configured,
      alpn_configured: c.configured,
      http_configured: c.configured,
      ownership_txt_configured: false,
    },
    dns_requirements: {
      a: addresses.ipv4,
      aaaa: addresses.ipv6,
      cname: target,
      acme_challenge: { name: `_acme-challenge.${c.hostname}`, target: `${c.hostname}.fake.flydns.net` },
      ownership: { name: `_fly-ownership.${c.hostname}`, app_value: `app-${app}`, org_value: "org-fake" },
    },
    validation_errors: [],
  });

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (path === "/__fake/requests") return sendJson(res, 200, requests);
    if (path === "/__fake/dns" && req.method === "POST" && setDnsRecord) {
      const record = JSON.parse(await readBody(req)) as { name: string; type: "A" | "AAAA" | "CNAME" | "TXT"; values: string[] };
      setDnsRecord(record.name, record.type, record.values);
      return sendJson(res, 200, { ok: true });
    }
    requests.push({ method: req.method ?? "GET", path });
    if (req.headers.authorization !== `Bearer ${token}`) return sendJson(res, 401, { error: "unauthorized" });
    const failure = failures.shift();
    if (failure) return sendJson(res, failure, { error: "armed failure" });
    const match = /^\/v1\/apps\/([^/]+)\/certificates(?:\/([^/]+))?(\/check)?$/.exec(path);
    if (!match || match[1] !== app) return sendJson(res, 404, { error: "Not Found" });
    const hostname = match[2] ? decodeURIComponent(match[2]) : undefined;
    if (req.method === "POST" && hostname === "acme") {
      const body = JSON.parse(await readBody(req)) as { hostname: string };
      const existing = certificates.get(body.hostname);
      if (existing) return sendJson(res, 422, { error: `Hostname '${body.hostname}' already exists on app ${app}` });
      const created = { hostname: body.hostname, status: "pending_validation", configured: false, created_at: new Date().toISOString() };
      certificates.set(body.hostname, created);
      return sendJson(res, 201, view(created));
    }
    const certificate = hostname ? certificates.get(hostname) : undefined;
    if (!certificate) return sendJson(res, 404, { error: "Not Found" });
    if (req.method === "GET" && !match[3]) return sendJson(res, 200, view(certificate));
    if (req.method === "DELETE" && !match[3]) {
      certificates.delete(certificate.hostname);
      res.writeHead(204).end();
      return;
    }
    if (req.method === "POST" && match[3]) {
      if (await pointsHere(certificate.hostname)) Object.assign(certificate, { status: "active", configured: true });
      return sendJson(res, 200, view(certificate));
    }
    return sendJson(res, 405, { error: "Method Not Allowed" });
  });
  const handle = await listen(server, port);
  return { ...handle, token, app, target, addresses, certificates, requests, failures };
}
