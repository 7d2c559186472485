// The games the SDK's variants retell (docs/variants.md), by the name a
// player knows them by: the Rules menu shows the name, the id after it.

const names = {
  app: "The floor app",
  gratuit: "The free site",
  winnable: "The solver site",
  unlimited: "The unlimited-undo app",
  duel: "The duel game",
  microsoft: "Microsoft's Spider",
  bicycle: "Bicycle's layout",
  lklynet: "The free site's engine",
};

/** "The free site's engine (lklynet)"; a variant without a name here is its id alone. */
export function gameName(variant) {
  return names[variant] ? `${names[variant]} (${variant})` : variant;
}

/** "a casual bot", "an expert bot". */
export function botName(level) {
  return `${/^[aeiou]/i.test(level) ? "an" : "a"} ${level} bot`;
}
