package load

// LoadBodies is loadBodies: the games of a load, made as the command makes
// them.
var LoadBodies = loadBodies
