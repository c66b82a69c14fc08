import { describe, expect, it } from "vitest";
import { parseBlogHostname } from "./domain-name";
import { checkRecords, expectedRecords } from "./domain-records";

describe("a blog's hostname", () => {
  it("cuts a pasted address to its host, lower-cased and IDNA-encoded, and tells an apex from a subdomain", () => {
    expect(parseBlogHostname("https://Blog.TheirCompany.com/posts?x=1")).toEqual({
      ok: true,
      value: { hostname: "blog.theircompany.com", apex: false, apexName: "theircompany.com" },
    });
    expect(parseBlogHostname("theircompany.co.uk.")).toEqual({
      ok: true,
      value: { hostname: "theircompany.co.uk", apex: true, apexName: "theircompany.co.uk" },
    });
    expect(parseBlogHostname("blog.bücher.de")).toEqual({
      ok: true,
      value: { hostname: "blog.xn--bcher-kva.de", apex: false, apexName: "xn--bcher-kva.de" },
    });
  });

  it("refuses what is not a public domain name, or is the product's own", () => {
    for (const input of ["", "localhost", "intranet", "10.0.0.1", "a..b.com", "-x.com", "blog.internal"])
      expect(parseBlogHostname(input).ok, input).toBe(false);
    expect(parseBlogHostname("blog.inkpilot.app", ["inkpilot.app"])).toEqual({
      ok: false,
      message: "That is Inkpilot's own address. Use a domain of yours.",
    });
  });
});

describe("the records to add", () => {
  const target = { cname: "inkpilot.fly.dev", ipv4: ["203.0.113.10"], ipv6: ["2001:db8::10"] };
  it("asks a subdomain for a CNAME and an apex for A and AAAA, both with the ownership TXT", () => {
    expect(expectedRecords({ hostname: "blog.x.com", apex: false }, "t1", target).map((r) => `${r.type} ${r.name} ${r.value}`)).toEqual([
      "TXT _inkpilot.blog.x.com inkpilot-verification=t1",
      "CNAME blog.x.com inkpilot.fly.dev",
    ]);
    // An apex also gets its www name's CNAME, optional: once in place, www sends visitors to the apex.
    expect(expectedRecords({ hostname: "x.com", apex: true }, "t1", target).map((r) => `${r.type} ${r.name} ${r.purpose}`)).toEqual([
      "TXT _inkpilot.x.com ownership",
      "A x.com routing",
      "AAAA x.com routing",
      "CNAME www.x.com www",
    ]);
    // And a www name the apex's A and AAAA, optional the same way.
    expect(
      expectedRecords({ hostname: "www.x.com", apex: false, apexName: "x.com" }, "t1", target).map(
        (r) => `${r.type} ${r.name} ${r.purpose}`,
      ),
    ).toEqual(["TXT _inkpilot.www.x.com ownership", "CNAME www.x.com routing", "A x.com www", "AAAA x.com www"]);
  });

  it("says per record what is missing or wrong", () => {
    const expected = expectedRecords({ hostname: "blog.x.com", apex: false }, "t1", target);
    const none = { txt: [], cname: [], a: [], aaaa: [] };
    const [txt, cname] = checkRecords(expected, {
      "_inkpilot.blog.x.com": { ...none, txt: ["inkpilot-verification=old"] },
      "blog.x.com": { ...none, a: ["198.51.100.7"] },
    });
    expect(txt!.message).toMatch(/holds another token/);
    expect(cname!.message).toBe("blog.x.com has address records instead of a CNAME to inkpilot.fly.dev. Remove them and add the CNAME.");
    const ok = checkRecords(expected, {
      "_inkpilot.blog.x.com": { ...none, txt: ["inkpilot-verification=t1"] },
      "blog.x.com": { ...none, cname: ["inkpilot.fly.dev."] },
    });
    expect(ok.every((r) => r.ok)).toBe(true);
  });

  it("calls the www record optional while it is missing", () => {
    const none = { txt: [], cname: [], a: [], aaaa: [] };
    const checks = checkRecords(expectedRecords({ hostname: "x.com", apex: true }, "t1", target), {});
    expect(checks.at(-1)!.message).toBe(
      "Optional, so visitors who type www.x.com reach your blog: no CNAME record for www.x.com yet. Add one pointing at inkpilot.fly.dev.",
    );
    expect(checks.at(-1)!.ok).toBe(false);
    expect(
      checkRecords(expectedRecords({ hostname: "x.com", apex: true }, "t1", target), {
        "www.x.com": { ...none, cname: ["inkpilot.fly.dev"] },
      }).at(-1)!.message,
    ).toBe("Found.");
  });
});
