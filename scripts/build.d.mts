// Types for scripts/build.mjs (plain JavaScript so `npm start` needs no TypeScript loader).
export declare const repoRoot: string;
export declare const serverEntry: string;
export declare function webBuiltAt(): number;
export declare function serverBuiltAt(): number;
export declare function webIsStale(): boolean;
export declare function serverIsStale(): boolean;
export declare function buildWeb(): void;
export declare function buildServer(): Promise<void>;
export declare function ensureBuilt(): Promise<("web" | "server")[]>;
