import axios from 'axios'
import store from '../store'

// One axios instance for the whole console. The server URL and the token are only known
// after login, so they are filled in per request from the store.
const http = axios.create({
  timeout: 20000,
  headers: { Accept: 'application/json' }
})

http.interceptors.request.use(config => {
  const { server, token } = store.state.session
  config.baseURL = `${server}/api/v3`
  if (token) {
    config.headers['PRIVATE-TOKEN'] = token
  }
  return config
})

http.interceptors.response.use(
  response => response,
  error => {
    if (error.response && error.response.status === 401) {
      store.commit('session/logout')
    }
    return Promise.reject(error)
  }
)

export default http
