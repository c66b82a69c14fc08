import { randomBytes } from "node:crypto";
import { inTransaction, type DB } from "#app/db/client.server";
import { newId } from "#app/utils/crypto.server";
import { deleteUser, insertUser } from "#app/modules/auth/users.server";
import { slugify } from "#app/utils/text";
import { TRIAL_DAYS } from "#app/modules/billing/plans";
import { createHostedDestination } from "#app/modules/publishing/hosted-destination.server";
import { createDefaultSettings } from "#app/modules/settings/defaults.server";
import { removeStoredFiles } from "#app/modules/uploads/images.server";
import { filesOfUser, filesOfWorkspaces } from "#app/modules/uploads/stored-images.server";
import { DAY, isoIn, isoNow } from "#app/utils/time";
import { beforeSitesLeave, whenMemberLeaves } from "./departure-hooks.server";
import { blogSlugTaken } from "./blog-address.server";

/** A new account's first site is called this until a scan or the user names it. */
const DEFAULT_SITE_NAME = "My website";

type NewAccount = {
  email: string;
  passwordHash: string | null;
  fullName?: string;
  emailVerified?: boolean;
  isOperator?: boolean;
};

function usernameOf(email: string) {
  return email.split("@")[0] ?? "";
}

/**
 * A new account is a user, their own workspace (trial starts now) and a first
 * site with default brand, content and publishing settings, all in one transaction.
 */
export async function createAccount(db: DB, account: NewAccount) {
  const now = isoNow();
  const userId = newId();
  const workspaceId = newId();
  const siteId = newId();
  const name = account.fullName?.trim() || usernameOf(account.email);
  await inTransaction(db, async (trx) => {
    await insertUser(
      trx,
      {
        id: userId,
        email: account.email,
        emailVerified: Boolean(account.emailVerified),
        passwordHash: account.passwordHash,
        fullName: account.fullName,
        username: usernameOf(account.email),
        isOperator: account.isOperator,
      },
      now,
    );
    await trx
      .insertInto("workspaces")
      .values({
        id: workspaceId,
        name: `${name}${DEFAULT_WORKSPACE_SUFFIX}`,
        trial_ends_at: isoIn(TRIAL_DAYS * DAY),
        stripe_customer_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx.insertInto("memberships").values({ workspace_id: workspaceId, user_id: userId, role: "owner", created_at: now }).execute();
    await insertSite(trx, workspaceId, { id: siteId, name: DEFAULT_SITE_NAME, url: null });
  });
  return { userId, workspaceId, siteId };
}

/**
 * A site of a workspace with its default settings and hosted blog: the first
 * one of a new account, and every one added later (app/modules/workspaces/sites.server.ts).
 * Call inside a transaction. The slug is the name's, numbered when the workspace has it already.
 */
export async function insertSite(db: DB, workspaceId: string, site: { id?: string; name: string; url: string | null }) {
  const id = site.id ?? newId();
  const now = isoNow();
  const base = slugify(site.name, "site");
  const taken = new Set(
    (await db.selectFrom("sites").select("slug").where("workspace_id", "=", workspaceId).execute()).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  await db
    .insertInto("sites")
    .values({
      id,
      workspace_id: workspaceId,
      name: site.name,
      url: site.url,
      slug,
      blog_slug: await freeBlogSlug(db, site.name),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await createSiteSettings(db, id);
  return id;
}

/** A hosted-blog address candidate: the name's slug and six random hex digits. */
function newBlogSlug(name: string) {
  return `${slugify(name, "blog").slice(0, 40)}-${randomBytes(3).toString("hex")}`;
}

/**
 * A hosted-blog address no site has yet. Six hex digits clash rarely, but not never: among 2,000 new sites
 * called "My website" the chance of one clash is about 1 in 8 (npm run bench:autopilot met it), so a taken
 * candidate is drawn again. Call it in the transaction that inserts the site, so no other writer slips between.
 */
export async function freeBlogSlug(db: DB, name: string) {
  for (;;) {
    const candidate = newBlogSlug(name);
    // Nor a former address another blog still redirects from.
    if (!(await blogSlugTaken(db, candidate))) return candidate;
  }
}

/** A new site's settings, and the hosted blog as its first and default destination (docs/decisions/033). */
async function createSiteSettings(db: DB, siteId: string) {
  const now = isoNow();
  await createHostedDestination(db, siteId, now);
  await createDefaultSettings(db, siteId, now);
}

/**
 * Deletes a user. Workspaces where they are the last owner go with them, with
 * every site and article (cascades); other workspaces keep their data. Their
 * files (logos, generated and article images, the avatar) are listed in the
 * transaction and deleted once the rows are gone.
 */
export async function deleteAccount(db: DB, userId: string) {
  await beforeAccountGoes(db, userId);
  const files = await inTransaction(db, async (trx) => {
    const workspaceIds = await soleOwnedWorkspaces(trx, userId);
    const files = [...(await filesOfWorkspaces(trx, workspaceIds)), ...(await filesOfUser(trx, userId))];
    if (workspaceIds.length) await trx.deleteFrom("workspaces").where("id", "in", workspaceIds).execute();
    await deleteUser(trx, userId);
    return files;
  });
  await removeStoredFiles(files);
}

/**
 * Before an account goes, other areas let go of what it holds at other services (decision 065): the sites of the
 * workspaces deleted with it, then the user's part in the workspaces that stay (a Search Console grant they made).
 */
async function beforeAccountGoes(db: DB, userId: string) {
  const actor = { userId, ip: null };
  const deleted = await soleOwnedWorkspaces(db, userId);
  if (deleted.length) {
    const sites = await db.selectFrom("sites").select("id").where("workspace_id", "in", deleted).execute();
    await beforeSitesLeave(db, { siteIds: sites.map((s) => s.id), reason: "workspace-deleted", actor });
  }
  const memberships = await db.selectFrom("memberships").select("workspace_id").where("user_id", "=", userId).execute();
  const staying = memberships.map((m) => m.workspace_id).filter((id) => !deleted.includes(id));
  await whenMemberLeaves(db, { userId, workspaceIds: staying, reason: "account-deleted", actor });
}

/** The workspaces where the user is the last owner: they go with the account. */
async function soleOwnedWorkspaces(db: DB, userId: string) {
  const owned = await db
    .selectFrom("memberships as m")
    .select("m.workspace_id")
    .where("m.user_id", "=", userId)
    .where("m.role", "=", "owner")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("memberships as other")
            .select("other.user_id")
            .whereRef("other.workspace_id", "=", "m.workspace_id")
            .where("other.role", "=", "owner")
            .where("other.user_id", "!=", userId),
        ),
      ),
    )
    .execute();
  return owned.map((row) => row.workspace_id);
}

/** The site's hosted blog address (hosted-blog decides when it may change). */
export async function setBlogSlug(db: DB, siteId: string, slug: string) {
  await db.updateTable("sites").set({ blog_slug: slug, updated_at: isoNow() }).where("id", "=", siteId).execute();
}

/** One more AI article used of a trial's allowance; a paid workspace's count stays as it is. */
export async function countTrialArticle(db: DB, workspaceId: string) {
  await db
    .updateTable("workspaces")
    .set((eb) => ({ trial_articles_used: eb("trial_articles_used", "+", 1) }))
    .where("id", "=", workspaceId)
    .where("plan", "=", "trial")
    .execute();
}

/** The address onboarding scanned. */
export async function setSiteUrl(db: DB, siteId: string, url: string, now: string) {
  await db.updateTable("sites").set({ url, updated_at: now }).where("id", "=", siteId).execute();
}

/** The name a new account's workspace gets until its brand is known ("Ana's workspace"). */
const DEFAULT_WORKSPACE_SUFFIX = "'s workspace";

/**
 * A site still called by its default name takes its brand's name, and so does
 * its workspace while that is still the default "<person>'s workspace" and
 * this is its only site: an invitation then names something the recipient
 * recognises ("Northwind Coffee"), not the sender's email name. Call in a transaction.
 */
export async function nameAfterBrand(db: DB, siteId: string, brandName: string) {
  const name = brandName.trim().slice(0, 120);
  if (!name) return;
  await db.updateTable("sites").set({ name }).where("id", "=", siteId).where("name", "=", DEFAULT_SITE_NAME).execute();
  const site = await db.selectFrom("sites").select("workspace_id").where("id", "=", siteId).executeTakeFirst();
  if (!site) return;
  const sites = await db
    .selectFrom("sites")
    .select(db.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", site.workspace_id)
    .executeTakeFirstOrThrow();
  if (Number(sites.n) !== 1) return;
  await db
    .updateTable("workspaces")
    .set({ name, updated_at: isoNow() })
    .where("id", "=", site.workspace_id)
    .where("name", "like", `%${DEFAULT_WORKSPACE_SUFFIX}`)
    .execute();
}
