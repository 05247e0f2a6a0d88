// Lint: the rules that catch bugs the type checker cannot (a promise nobody awaits, a
// switch that forgets a case). Formatting is Prettier's job (.prettierrc.json).
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "server/dist*/**", "web/dist/**", "node_modules/**", "**/*.cjs", "**/*.mjs", "**/*.d.mts"] },
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: "off" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
    },
  },
);
