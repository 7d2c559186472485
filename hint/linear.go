package hint

import "math"

// system is the normal equations of fit: one row a weight (the bias
// last), the right-hand side in the last column.
type system [NumFeatures + 1][NumFeatures + 2]float64

// solveLinear solves a by Gaussian elimination with partial pivoting; a
// weight with no pivot left (a feature that never varies) gets 0.
func solveLinear(a system) [NumFeatures + 1]float64 {
	const n = NumFeatures + 1
	for col := range n {
		pivot := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[pivot][col]) {
				pivot = r
			}
		}
		a[col], a[pivot] = a[pivot], a[col]
		if math.Abs(a[col][col]) < 1e-12 {
			continue
		}
		for r := range n {
			if r == col || a[r][col] == 0 {
				continue
			}
			k := a[r][col] / a[col][col]
			for j := col; j <= n; j++ {
				a[r][j] -= float64(k * a[col][j])
			}
		}
	}
	var x [n]float64
	for i := range n {
		if math.Abs(a[i][i]) >= 1e-12 {
			x[i] = a[i][n] / a[i][i]
		}
	}
	return x
}
