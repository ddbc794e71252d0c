/** An organização with one signed-in member of every role, straight into the e2e database. */
import { eq } from "drizzle-orm";
import { memberships, users } from "../../../db/schema/index.ts";
import { ROLES, type Role } from "../../../shared/enums.ts";
import { createRegisteredUser, e2eDb, loginCookie, uniqueEmail, verifiedUserRow } from "./accounts.ts";

export interface Team {
  orgId: string;
  /** Each role's member id. */
  users: Record<Role, string>;
  /** Each role's session cookie pair (`alicerce_session=…`), signed in through /login. */
  cookies: Record<Role, string>;
}

export async function createTeam(ownerName: string, emailPrefix: string): Promise<Team> {
  const owner = await createRegisteredUser({ name: ownerName });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
  const team = {
    orgId: m?.orgId as string,
    users: { owner: owner.id } as Partial<Record<Role, string>>,
    cookies: { owner: await loginCookie(owner.email, owner.password) } as Partial<Record<Role, string>>,
  };
  for (const role of ROLES) {
    if (role === "owner") continue;
    const member = await addTeamMember(team.orgId, role, emailPrefix, `Pessoa ${role}`);
    team.users[role] = member.id;
    team.cookies[role] = member.cookie;
  }
  return team as Team;
}

/** One more signed-in member of the organização with `role`: their id and session cookie pair. */
export async function addTeamMember(orgId: string, role: Role, emailPrefix: string, name: string): Promise<{ id: string; cookie: string }> {
  const db = e2eDb();
  const now = new Date();
  const password = "senha-forte-123";
  const id = crypto.randomUUID();
  const email = uniqueEmail(`${emailPrefix}-${role}`);
  await db.batch([
    db.insert(users).values(verifiedUserRow({ id, name, email, password }, now)),
    db.insert(memberships).values({ orgId, userId: id, role, createdAt: now, updatedAt: now }),
  ]);
  return { id, cookie: await loginCookie(email, password) };
}
