export { extractActionItems, resolveGenericLabels } from "./actions";
export { buildSummary, builtInSummarizer, summarizeBuiltIn, BUILT_IN_ENGINE, BUILT_IN_MODEL } from "./summary";
export type { BuiltSummary } from "./summary";
export { findDueDates, pickDueDate, toIsoDate } from "./due-date";
