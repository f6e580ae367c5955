import { useState } from 'react';
import { api, get, type ListObject, query } from '../api';
import type { Segment } from '../marketing';
import { ConfirmDialog, Empty, ErrorBox, Link, Loading, Pager, Table, useAction, useKeyPages, useLoad, when } from '../ui';

const PAGE_SIZE = 25;

/** A segment's count is computed when asked (its rules over the contacts as they are now): one request per row shown. */
function SegmentCount({ id }: { id: string }) {
  const count = useLoad(() => get<{ count: number }>(`/inbox/v1/segments/${id}/count`), [id]);
  if (count.error) return <ErrorBox error={count.error} />;
  return <>{count.data ? count.data.count : '…'}</>;
}

function SegmentActions({ segment, onDeleted }: { segment: Segment; onDeleted: () => void }) {
  const [asking, setAsking] = useState(false);
  const { error, act } = useAction();
  return (
    <div className="actions">
      <Link to={`/segments/${segment.id}`}>
        Edit<span className="sr-only"> {segment.name}</span>
      </Link>
      <button type="button" className="small danger" aria-label={`Delete ${segment.name}`} onClick={() => setAsking(true)}>
        Delete
      </button>
      <ErrorBox error={error} />
      {asking && (
        <ConfirmDialog
          title={`Delete the segment ${segment.name}?`}
          confirmLabel="Delete segment"
          danger
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            void act(async () => {
              setAsking(false);
              await api('DELETE', `/inbox/v1/segments/${segment.id}`);
              onDeleted();
            })
          }
        >
          <p>Its contacts stay; campaigns can no longer be sent to this segment.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

export function Segments() {
  const paging = useKeyPages();
  const segments = useLoad(() => get<ListObject<Segment>>(`/inbox/v1/segments${query({ pageSize: PAGE_SIZE, after: paging.after })}`), [paging.after]);
  return (
    <section>
      <h1>Segments</h1>
      <p className="muted">
        A segment selects contacts by rules (status, tags, lists, custom fields, opens and clicks); a campaign can go to segments instead of lists.
      </p>
      <p>
        <Link to="/segments/new" className="button-link">
          New segment
        </Link>
      </p>
      <ErrorBox error={segments.error} />
      {!segments.data ? (
        !segments.error && <Loading />
      ) : segments.data.totalCount === 0 ? (
        <Empty title="No segments yet">Create one with New segment: pick the conditions and see how many contacts they select as you go.</Empty>
      ) : (
        <>
          <Table
            label="Segments"
            columns={['Segment', 'Contacts now', 'Created', 'Actions']}
            items={segments.data.items}
            rowKey={(s) => s.id}
            cells={(s) => [
              s.name,
              <SegmentCount key="count" id={s.id} />,
              when(s.createTime),
              <SegmentActions key="actions" segment={s} onDeleted={segments.reload} />,
            ]}
          />
          <Pager paging={paging} items={segments.data.items} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}
