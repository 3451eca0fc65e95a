import type { ReactNode } from "react";

/** A desk table under its heading; wide ones scroll in their own region, which a keyboard user can reach. */
export function Table({
  label,
  head,
  rows,
  empty,
}: {
  label: string;
  head: string[];
  rows: ReactNode[][];
  empty: string;
}) {
  // One region per table, named by its heading's words: the scroll region itself (it is what a keyboard user scrolls).
  return (
    <div className="desk-table">
      <h2>{label}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <section className="table-scroll" aria-label={label} tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
