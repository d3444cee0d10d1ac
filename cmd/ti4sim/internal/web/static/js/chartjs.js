// Loads the vendored Chart.js (vendor/chart.umd.min.js, the global Chart)
// on demand, once, so that its 210 KB never delay the page's first
// answer: the first answer's figures are shown, then its charts are drawn
// when Chart.js has come.

let loading = null;

// loadChartJS resolves once Chart.js has run; a failed load may be tried
// again.
export function loadChartJS() {
  if (typeof Chart !== "undefined") return Promise.resolve();
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = "vendor/chart.umd.min.js";
      s.onload = () => resolve();
      s.onerror = () => {
        loading = null;
        s.remove();
        reject(new Error("vendor/chart.umd.min.js did not load"));
      };
      document.head.append(s);
    });
  }
  return loading;
}
