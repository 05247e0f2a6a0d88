// The one query of the operations endpoints: whether the database answers at all.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export async function databaseAnswers(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
