import { useState } from "react";
import { FeeChart } from "./FeeChart";
import { Modal } from "./Modal";

/**
 * The fee chart one tap away (home page, application): a link that opens it
 * in a popup. Without JavaScript the link's #cost-of-credit target shows the
 * same popup (Modal's dialog:target), with a Close link back to the page.
 * Not inside a <p>: the dialog is rendered beside the link.
 */
export function CostOfCreditLink({ children = "Cost of Credit" }: { children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href="#cost-of-credit"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      <Modal id="cost-of-credit" title="Cost of Credit" open={open} onClose={() => setOpen(false)} returnHref="#">
        <FeeChart />
      </Modal>
    </>
  );
}
