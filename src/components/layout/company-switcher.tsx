import { useRef } from 'react';
import { useLocation } from 'wouter';
import { chooseCompany, COMPANY_SPECIFIC_PARAMS } from '../../lib/company-context';
import { useSearchState } from '../../lib/url-search';
import { companySearch } from '../company-search';
import { FormDialog } from '../form-dialog';
import { AsyncSelect } from '../form/async-select';

type CompanySwitcherProps = {
  userId: number;
  companyId: number | null;
  companyName: string | null;
  onClose: () => void;
};

/**
 * The top bar's company choice (loaded when first opened): sets the superadmin's context, and
 * the company of the screen on show when its URL names one.
 */
export default function CompanySwitcher({ userId, companyId, companyName, onClose }: CompanySwitcherProps) {
  const { params, hrefWith } = useSearchState();
  const [, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Company to work on"
      description="The dashboard, projects, statistics and jigs show this company until you choose another."
      // Typing a name starts at once.
      initialFocus={input}
    >
      <AsyncSelect
        {...companySearch}
        inputRef={input}
        label="Company"
        value={companyId ? String(companyId) : ''}
        selectedLabel={companyName}
        placeholder="Choose a company"
        noMatches="No companies match."
        onValueChange={(value) => {
          chooseCompany(userId, Number(value));
          if (params.has('company')) navigate(hrefWith({ company: value, ...COMPANY_SPECIFIC_PARAMS }), { replace: true });
          onClose();
        }}
      />
    </FormDialog>
  );
}
