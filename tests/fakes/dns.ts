import dns2 from "dns2";

/**
 * A local DNS server (dns2, over UDP) answering from a table the test fills: the app's resolver is pointed at it
 * with DNS_SERVERS, so custom-domain record checks run against real DNS packets. A name with no records answers
 * NXDOMAIN; a name with records but none of the asked type answers empty (what Node reports as ENODATA).
 */

const { Packet } = dns2;
/** RFC 1035's "name error" response code (dns2's typings omit Packet.RCODE). */
const NXDOMAIN = 3;
type RecordType = "A" | "AAAA" | "CNAME" | "TXT";
type Zone = Map<string, Partial<Record<RecordType, string[]>>>;

const TYPES: Record<number, RecordType> = {
  [Packet.TYPE.A]: "A",
  [Packet.TYPE.AAAA]: "AAAA",
  [Packet.TYPE.CNAME]: "CNAME",
  [Packet.TYPE.TXT]: "TXT",
};

function answer(name: string, type: RecordType, value: string) {
  const base = { name, type: Packet.TYPE[type], class: Packet.CLASS.IN, ttl: 60 };
  if (type === "A" || type === "AAAA") return { ...base, address: value };
  if (type === "CNAME") return { ...base, domain: value };
  return { ...base, data: value };
}

export async function startFakeDns({ port = 0 }: { port?: number } = {}) {
  const zone: Zone = new Map();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? "").toLowerCase().replace(/\.$/, "");
      const records = zone.get(name);
      const type = TYPES[question?.type ?? -1];
      if (!records) response.header.rcode = NXDOMAIN;
      else if (type) for (const value of records[type] ?? []) response.answers.push(answer(name, type, value) as never);
      send(response);
    },
  });
  await server.listen({ udp: { port, address: "127.0.0.1" } });
  const udp = server.addresses().udp as { port: number };
  return {
    server: `127.0.0.1:${udp.port}`,
    port: udp.port,
    /** Sets (or, with an empty list, removes) a name's records of one type. */
    set(name: string, type: RecordType, values: string[]) {
      const key = name.toLowerCase();
      const records = { ...zone.get(key), [type]: values };
      if (Object.values(records).every((v) => !v?.length)) zone.delete(key);
      else zone.set(key, records);
    },
    clear: () => zone.clear(),
    close: () => server.close(),
  };
}
