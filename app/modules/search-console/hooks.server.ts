import type { DB } from "#app/db/client.server";

/**
 * What other areas do when a site's Search Console data changes, registered at start-up by
 * app/worker/hooks.server.ts so this area imports none of them (docs/decisions/072): results works out its
 * findings once new figures are stored; results and indexing forget what they learned through a connection
 * when it goes (decision 065). Forgetting runs inside the transaction that deletes the connection, so a failure
 * rolls the whole disconnect back; a failing hook after an import is the import job's failure.
 */

type SiteHook = (db: DB, siteId: string) => Promise<unknown>;

const forgotten: SiteHook[] = [];
const imported: SiteHook[] = [];

function adder(list: SiteHook[]) {
  return (hook: SiteHook) => {
    list.push(hook);
    return () => {
      const at = list.indexOf(hook);
      if (at >= 0) list.splice(at, 1);
    };
  };
}

/** Adds what runs, in the deleting transaction, when a site's connection and its figures are forgotten. */
export const onConnectionForgotten = adder(forgotten);
/** Adds what runs once an import of a site's figures is done. */
export const onFiguresImported = adder(imported);

async function runAll(hooks: SiteHook[], db: DB, siteId: string) {
  for (const hook of hooks) await hook(db, siteId);
}

export const connectionForgotten = (db: DB, siteId: string) => runAll(forgotten, db, siteId);
export const figuresImported = (db: DB, siteId: string) => runAll(imported, db, siteId);
