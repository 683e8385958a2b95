// The product's name and mark as the top bar shows them (short, uppercase, RN suffix).
import Stethoscope from 'lucide-react/icons/stethoscope';

export const PRODUCT_NAME = 'NMC PREP RN';

export function Brand() {
  return (
    <span className="flex items-center gap-2 font-bold tracking-wide text-brand-700 dark:text-brand-500">
      <Stethoscope aria-hidden="true" className="h-6 w-6" />
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}
