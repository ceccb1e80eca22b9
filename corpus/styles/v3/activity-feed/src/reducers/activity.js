import { ACTIVITY_FAILED, ACTIVITY_LOADED, LOAD_ACTIVITY } from '../epics/activity';

const initial = { byProject: {}, loading: false, error: null };

// What the feed shows for one event; the icons follow the kind of target.
export function describe(event) {
  if (event.target_type === 'merge_request') {
    return { icon: 'git-merge', text: `${event.author_username} merged !${event.target_iid}` };
  }
  if (event.target_type === 'issue') {
    return { icon: 'issue', text: `${event.author_username} ${event.action_name} #${event.target_iid}` };
  }
  if (event.action_name === 'pushed') {
    return { icon: 'commit', text: `${event.author_username} pushed ${event.data ? event.data.total_commits_count : ''} commits` };
  }
  return { icon: 'dot', text: `${event.author_username} ${event.action_name} ${event.target_title || ''}` };
}

export default function activity(state = initial, action) {
  switch (action.type) {
    case LOAD_ACTIVITY:
      return { ...state, loading: true, error: null };
    case ACTIVITY_LOADED:
      return {
        ...state,
        loading: false,
        byProject: { ...state.byProject, [action.projectId]: action.events.map(e => ({ ...e, view: describe(e) })) }
      };
    case ACTIVITY_FAILED:
      return { ...state, loading: false, error: action.error };
    default:
      return state;
  }
}
