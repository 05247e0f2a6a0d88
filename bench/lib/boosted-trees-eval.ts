// A gradient-boosted tree ensemble's score (docs/decisions/057): the evaluator only. The fit is bench/lib/boosted-trees.ts
// (training, never loaded by the engine); an ensemble is data (a JSON weights file). A logistic regression adds one
// weight per feature and cannot say "this AND that"; a tree of depth d reads up to d features together.
// Features are the engines' sparse maps (name → value, absent = 0), so one ensemble reads the same candidates the
// linear scorers do.

/** An inner node: go to `l` when the feature's value (0 when absent) is below `t`, else to `r`; a leaf adds `v`. */
export type TreeNode = { f: number; t: number; l: number; r: number } | { v: number };

export interface TreeEnsemble {
  /** The feature names a node's `f` indexes. */
  features: string[];
  /** The log-odds before any tree (the training positives' rate). */
  base: number;
  /** Each tree's nodes, the root first; a child is an index into the same array. */
  trees: TreeNode[][];
}

/** The ensemble's log-odds for one candidate's features. */
export function ensembleLogit(model: TreeEnsemble, x: Readonly<Record<string, number>>): number {
  let z = model.base;
  for (const tree of model.trees) {
    let node = tree[0];
    // A tree is at most a few levels deep; the step bound guards a malformed file against looping.
    for (let step = 0; node && !("v" in node) && step < tree.length; step++)
      node = tree[(x[model.features[node.f] ?? ""] ?? 0) < node.t ? node.l : node.r];
    if (!node || !("v" in node)) throw new Error("Malformed tree ensemble: a path ends without a leaf.");
    z += node.v;
  }
  return z;
}

/** The ensemble's probability for one candidate's features. */
export function ensembleProbability(model: TreeEnsemble, x: Readonly<Record<string, number>>): number {
  return 1 / (1 + Math.exp(-ensembleLogit(model, x)));
}
