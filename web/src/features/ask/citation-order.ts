import type { AskResponse } from "../../../../contract/ask";

/**
 * The citations numbered in the order the answer first cites them ([1], [2], … as one reads), the
 * answer's markers renumbered to match. The server numbers them by rank, so the built-in answer (its
 * sentences in the order they were said) read "[1] … [6] … [2]"; citations the answer never marks
 * follow in their own order. A marker with no citation is left as it is.
 */
export function inReadingOrder(answer: AskResponse): AskResponse {
  const order: number[] = [];
  for (const m of answer.answer.matchAll(/\[(\d+)\]/g)) {
    const i = Number(m[1]) - 1;
    if (answer.citations[i] && !order.includes(i)) order.push(i);
  }
  answer.citations.forEach((_, i) => {
    if (!order.includes(i)) order.push(i);
  });
  const newNumber = new Map(order.map((old, k) => [old + 1, k + 1]));
  return {
    ...answer,
    answer: answer.answer.replace(/\[(\d+)\]/g, (marker, n: string) => {
      const to = newNumber.get(Number(n));
      return to ? `[${to}]` : marker;
    }),
    citations: order.map((i) => answer.citations[i]!),
  };
}
