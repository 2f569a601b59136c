// Package interop exports exact cover problems to SAT, SMT and pseudo-boolean solvers and reads
// their models back.
//
// Every export uses the same variables: variable k+1 is true when option k is chosen (in the
// SMT-LIB2 and OPB files it is named x<k+1>). Variables after the options stand for the colours
// of secondary items (one per item and colour used by two or more options); the CNF adds
// auxiliary counter variables after those. The constraints are:
//
//   - a primary item with bounds u..v is in at least u and at most v chosen options;
//   - a secondary item takes at most one "value": each colour it is given, and each option that
//     uses it without a colour, is one value, so two options giving it different colours, or an
//     uncoloured option and any other option, exclude each other, while any number of options
//     may agree on one colour;
//   - an option without a primary item is false (it is never part of a solution).
//
// The satisfying assignments, projected on the option variables, are exactly the solutions.
//
// [Export] writes CNF ([DIMACS]): at-least-one as one clause, at-most-one pairwise for short
// lists and with a sequential counter for long ones, other bounds with a totalizer; SMT-LIB2
// ([SMT2]) with pseudo-boolean constraints or sums over Int, ending with (check-sat) and
// (get-model); or the pseudo-boolean competition format ([OPB]). Every format streams its
// output and comments every option variable with the option's text.
//
// [ReadSolution] reads what a solver printed (SAT competition "s"/"v" lines, MiniSat's
// result file, the model of z3 or cvc5) and returns the solution's option indices, checked
// with package verify. [Via] runs an installed solver end to end.
package interop
