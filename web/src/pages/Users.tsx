import { type FormEvent, useState } from 'react';
import { type Answer, api, get, type ItemOf, type ListObject } from '../api';
import { Empty, ErrorBox, Field, FieldError, Loading, ShownOnce, Table, useAction, useLoad, when } from '../ui';

type User = ItemOf<'/account/users'>;
type Role = User['role'];

const ROLES = [
  ['member', 'send, read and marketing'],
  ['admin', 'everything except managing owners'],
  ['owner', 'everything'],
] as const satisfies readonly (readonly [Role, string])[];

export function Users() {
  const list = useLoad(() => get<ListObject<User>>('/account/users?pageSize=100'), []);
  // Nobody removes their own user (the API refuses it): no button on the row of the person signed in.
  const me = useLoad(() => get<Answer<'/account/me', 'get'>>('/account/me'), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  // A password the API generated: in the answer to the creation only, so shown here once.
  const [created, setCreated] = useState<{ email: string; password: string }>();
  const { error, act } = useAction();
  const create = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const user = await api<Answer<'/account/users', 'post'>>('POST', '/account/users', { email, role });
      if (user.password) setCreated({ email: user.email, password: user.password });
      setEmail('');
      list.reload();
    });
  };
  const changeRole = (user: User, to: Role) =>
    act(async () => {
      await api('PATCH', `/account/users/${user.id}`, { role: to });
      list.reload();
    });
  const remove = (user: User) =>
    act(async () => {
      if (!window.confirm(`Remove ${user.email}? They can no longer sign in.`)) return;
      await api('DELETE', `/account/users/${user.id}`);
      list.reload();
    });
  return (
    <section>
      <h1>Users & roles</h1>
      <p className="muted">People who sign in to this account, and what their role lets them do.</p>
      <form className="inline-form" onSubmit={create} aria-label="Add a user">
        <Field label="Email address" name="email" type="email" value={email} onChange={setEmail} error={error} required />
        <div className="field">
          <label htmlFor="user-role">Role</label>
          <select id="user-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map(([value, what]) => (
              <option key={value} value={value}>
                {value} ({what})
              </option>
            ))}
          </select>
          <FieldError error={error} name="role" />
        </div>
        <button type="submit">Add user</button>
      </form>
      <ErrorBox error={error ?? list.error} />
      {created && (
        <ShownOnce
          value={created.password}
          testId="new-user-password"
          copyLabel="Copy the new password"
          doneLabel="I have passed it on"
          onDone={() => setCreated(undefined)}
        >
          The password of <strong>{created.email}</strong> is shown this once; give it to them:
        </ShownOnce>
      )}
      {!list.data ? (
        !list.error && <Loading />
      ) : list.data.items.length === 0 ? (
        <Empty title="No users">Add the people who work on this account above.</Empty>
      ) : (
        <Table
          label="Users"
          columns={['Email address', 'Name', 'Role', 'Added', 'Actions']}
          items={list.data.items}
          rowKey={(u) => u.id}
          cells={(u) => [
            u.email,
            u.name,
            <select key="role" aria-label={`Role of ${u.email}`} value={u.role} onChange={(e) => changeRole(u, e.target.value as Role)}>
              {ROLES.map(([value]) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>,
            when(u.createTime),
            !me.data ? null : u.id === me.data.userId ? (
              <span key="you" className="muted">
                You
              </span>
            ) : (
              <button key="remove" type="button" className="small danger" onClick={() => remove(u)} aria-label={`Remove ${u.email}`}>
                Remove
              </button>
            ),
          ]}
        />
      )}
    </section>
  );
}
