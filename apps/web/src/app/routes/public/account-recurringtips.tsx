import { useParams, useSearchParams } from 'react-router';
import { RequireAccess } from '@/components/route-guard';
import { SupporterFeedCard } from '@/features/bonus/components/supporter-feed-card';
import { CheckoutBlock } from '@/features/paymentmethods/components/checkout-block';
import { RecurringTipDetail } from '@/features/recurring-tips/components/recurring-tip-detail';
import { RecurringTipList } from '@/features/recurring-tips/components/recurring-tip-list';

/**
 * /account/recurringtips/{recurringtipid?}: the list of own monthly tips, or one of them. The route is
 * public on purpose: the manage link in every mail (?token=…) opens that ONE monthly tip without a
 * login; everything else needs the tipper to be logged in.
 */
export default function AccountRecurringtipsPage() {
  const { recurringtipid } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (recurringtipid && token)
    return (
      <RecurringTipDetail
        key={recurringtipid}
        id={recurringtipid}
        token={token}
        checkout={CheckoutBlock}
        supporterFeed={SupporterFeedCard}
      />
    );
  return (
    <RequireAccess access="user">
      {recurringtipid ? (
        <RecurringTipDetail
          key={recurringtipid}
          id={recurringtipid}
          token={null}
          checkout={CheckoutBlock}
          supporterFeed={SupporterFeedCard}
        />
      ) : (
        <RecurringTipList />
      )}
    </RequireAccess>
  );
}
