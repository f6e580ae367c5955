import { get, type ListObject, query } from '../api';
import type { Segment } from '../marketing';
import { Empty, ErrorBox, Loading, Pager, Table, useKeyPages, useLoad, when } from '../ui';

const PAGE_SIZE = 25;

/** A segment's count is computed when asked (its rules over the contacts as they are now): one request per row shown. */
function SegmentCount({ id }: { id: string }) {
  const count = useLoad(() => get<{ count: number }>(`/inbox/v1/segments/${id}/count`), [id]);
  if (count.error) return <ErrorBox error={count.error} />;
  return <>{count.data ? count.data.count : '…'}</>;
}

export function Segments() {
  const paging = useKeyPages();
  const segments = useLoad(() => get<ListObject<Segment>>(`/inbox/v1/segments${query({ pageSize: PAGE_SIZE, after: paging.after })}`), [paging.after]);
  return (
    <section>
      <h1>Segments</h1>
      <p className="muted">A segment selects contacts by rules (status, tags, lists, custom fields); a campaign can go to segments instead of lists.</p>
      <ErrorBox error={segments.error} />
      {!segments.data ? (
        !segments.error && <Loading />
      ) : segments.data.totalCount === 0 ? (
        <Empty title="No segments yet">
          Create one with <code>POST /inbox/v1/segments</code> and a rule such as <code>{'{"field":"tag","operator":"eq","value":"vip"}'}</code> (see{' '}
          <a href="/docs">the API documentation</a>); it shows here with the number of contacts it selects.
        </Empty>
      ) : (
        <>
          <Table
            columns={['Segment', 'Contacts now', 'Created']}
            items={segments.data.items}
            rowKey={(s) => s.id}
            cells={(s) => [s.name, <SegmentCount key="count" id={s.id} />, when(s.createTime)]}
          />
          <Pager paging={paging} items={segments.data.items} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}
