// Package style holds tests of the whole module's code rather than of one
// package: no function longer than 80 lines (but a measured hot loop), and
// every exported error of the SDK with a stable code and a sentence.
package style
