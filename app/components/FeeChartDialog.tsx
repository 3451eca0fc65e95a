import { useFaqAction } from "./FaqLinks";

/** "Cost of Credit": opens the fee chart popup (a #fee-chart link without JS). */
export function FeeChartLink() {
  const onClick = useFaqAction((a) => a.openFeeChart);
  return (
    <a href="#fee-chart" onClick={onClick}>
      Cost of Credit
    </a>
  );
}
