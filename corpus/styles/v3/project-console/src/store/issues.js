import http from '../api/http'

// Triage board: unlabelled issues of the selected project.
export default {
  namespaced: true,

  state: {
    items: [],
    loading: false,
    error: null
  },

  getters: {
    untriaged: state => state.items.filter(i => !i.labels.length),
    watched: state => state.items.filter(i => i.subscribed).length
  },

  mutations: {
    loading (state) {
      state.loading = true
      state.error = null
    },
    loaded (state, items) {
      state.items = items
      state.loading = false
    },
    failed (state, error) {
      state.error = error.message
      state.loading = false
    },
    relabelled (state, issue) {
      const i = state.items.findIndex(x => x.id === issue.id)
      if (i !== -1) state.items.splice(i, 1, issue)
    }
  },

  actions: {
    load ({ commit }, projectId) {
      commit('loading')
      return http.get(`/projects/${projectId}/issues`, { params: { state: 'opened', per_page: 100 } })
        .then(res => commit('loaded', res.data.map(issue => ({ ...issue, watching: issue.subscribed }))))
        .catch(error => commit('failed', error))
    },
    label ({ commit }, { issue, labels }) {
      return http.put(`/projects/${issue.project_id}/issues/${issue.id}`, { labels: labels.join(',') })
        .then(res => commit('relabelled', res.data))
    }
  }
}
