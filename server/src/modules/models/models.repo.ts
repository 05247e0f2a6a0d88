// The models module keeps no rows of its own: its repository is the model store on disk
// (MODELS_DIR: one folder per model and its manifest, engines/speech/models/manager.ts),
// plus the one query the rules need from the database: who created the first account.
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user as users } from "../../db/schema";
import type { CatalogueModel } from "../../engines/speech/models/catalogue";
import { checkModel, listModels, modelDir, pullModel, type ModelStatus } from "../../engines/speech/models/manager";

export class ModelsRepo {
  constructor(
    private readonly db: Db,
    private readonly modelsDir: string,
    readonly catalogue: CatalogueModel[],
  ) {}

  /** The account created first (ties: the lower id), or null on a fresh instance. */
  async firstAccountId(): Promise<string | null> {
    const [first] = await this.db.select({ id: users.id }).from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(1);
    return first?.id ?? null;
  }

  /** Whom others ask for models: the first ADMIN_EMAILS address with an account, else the first account. */
  async ownerContact(adminEmails: string[]): Promise<{ name: string; email: string } | null> {
    const q = this.db.select({ name: users.name, email: users.email }).from(users);
    const rows = adminEmails.length
      ? await q.where(inArray(users.email, adminEmails)).orderBy(asc(users.createdAt), asc(users.id)).limit(1)
      : await q.orderBy(asc(users.createdAt), asc(users.id)).limit(1);
    return rows[0] ?? null;
  }

  /** Where a model's files go when copied by hand (the owner's Settings shows it). */
  folderOf(id: string): string {
    return modelDir(this.modelsDir, id, this.catalogue);
  }

  /** Every catalogue model with whether it is installed, its size on disk and any download in progress. */
  list(): Promise<ModelStatus[]> {
    return listModels(this.modelsDir, this.catalogue);
  }

  /** Installed and whole (its files present and matching the manifest). */
  async isInstalled(id: string): Promise<boolean> {
    return (await checkModel(this.modelsDir, id, this.catalogue)).ok;
  }

  /** Downloads, checks and unpacks a model into the store. */
  pull(id: string): Promise<void> {
    return pullModel(this.modelsDir, id, { catalogue: this.catalogue });
  }
}
